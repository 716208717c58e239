import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { invalidateSitePages } from './site-keys';
import type { SitePageKey, SiteTexts } from './types';

/** `PUT /api/admin-panel/site-pages/{key}` `SitePageBody` → 204 (the same text again changes nothing); 400; 404. */
export const saveSitePage = (key: SitePageKey, body: SiteTexts) => api.put<void>(`/api/admin-panel/site-pages/${key}`, body);

/** Announced by the mutation cache, so the message survives the form leaving for the list. */
export const useSaveSitePage = (key: SitePageKey) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteTexts) => saveSitePage(key, body),
    // Refusals go on the form's fields (or a message, from the form).
    meta: {
      feedback: { success: (_data, body) => i18n.t('adminSite.pages.saved', { title: (body as SiteTexts).fr.title }) },
    },
    onSuccess: () => invalidateSitePages(queryClient),
  });
};
