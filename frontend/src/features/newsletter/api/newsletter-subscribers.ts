import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const SUBSCRIBERS_PAGE_SIZE = 20;
export const SUBSCRIBER_STATUSES = ['pending', 'confirmed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** A row of `GET /api/admin-panel/newsletter-subscribers`. */
export type NewsletterSubscriber = {
  key: string;
  email: string;
  language: 'fr' | 'en';
  status: SubscriberStatus;
  /** RFC 3339. */
  requested_at: string;
  confirmed_at: string | null;
};

export type SubscriberPage = { items: NewsletterSubscriber[]; total: number; page: number; page_size: number };
export type SubscriberListParams = { search: string; status: string; page: number };

export const subscribersKey = ['admin-newsletter-subscribers'] as const;

const filter = (params: { search: string; status: string }) => ({
  ...(params.search ? { search: params.search } : {}),
  ...(params.status ? { status: params.status } : {}),
});

/** `GET /api/admin-panel/newsletter-subscribers?search=&status=&page=&page_size=20`, newest request first. */
export const getSubscribers = (params: SubscriberListParams, signal?: AbortSignal) =>
  api.get<SubscriberPage>('/api/admin-panel/newsletter-subscribers', {
    query: { ...filter(params), page: params.page, page_size: SUBSCRIBERS_PAGE_SIZE },
    signal,
  });

export const subscribersQueryOptions = (params: SubscriberListParams) =>
  queryOptions({
    queryKey: [...subscribersKey, 'list', params],
    queryFn: ({ signal }) => getSubscribers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useSubscribers = (params: SubscriberListParams) => useQuery(subscribersQueryOptions(params));

/** `GET /api/admin-panel/newsletter-subscribers/export.csv?search=&status=`: the same filter, a download link. */
export const subscribersExportHref = (params: { search: string; status: string }) => {
  const query = new URLSearchParams(filter(params)).toString();
  return `/api/admin-panel/newsletter-subscribers/export.csv${query ? `?${query}` : ''}`;
};

/** `DELETE /api/admin-panel/newsletter-subscribers/{key}` → 204: the address erased on request; 404 unknown. */
export const deleteSubscriber = (key: string) =>
  api.delete<void>(`/api/admin-panel/newsletter-subscribers/${encodeURIComponent(key)}`);

export const useDeleteSubscriber = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscriber,
    meta: { feedback: { success: 'adminLists.newsletter.deleted', errorToast: true } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscribersKey }),
  });
};
