import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The two last segments of a newsletter mail's link. */
export type NewsletterLink = { key: string; token: string };

/**
 * `POST /api/public/newsletter/confirmation` `{key, token}` → 204 (twice is fine; the welcome newsletter
 * is mailed); 400 `newsletter_link_invalid` (expired, replaced, unknown or after unsubscribing).
 */
export const confirmNewsletter = (link: NewsletterLink) => api.post<void>('/api/public/newsletter/confirmation', link);

/** `POST /api/public/newsletter/unsubscription` `{key, token}` → 204, the address erased; 400 `newsletter_link_invalid`. */
export const unsubscribeNewsletter = (link: NewsletterLink) =>
  api.post<void>('/api/public/newsletter/unsubscription', link);

export const useConfirmNewsletter = () => useMutation({ mutationFn: confirmNewsletter });
export const useUnsubscribeNewsletter = () => useMutation({ mutationFn: unsubscribeNewsletter });
