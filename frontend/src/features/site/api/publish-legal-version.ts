import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { invalidateLegal } from './site-keys';
import type { LegalKind, LegalVersionBody, PublishedLegalVersion } from './types';

/**
 * `POST /api/admin-panel/legal/{kind}` `LegalVersionBody` → 201 `{version, effective_at}`; 400 with
 * dotted field names (`fr.title`, `en.body`, `effective_at`); 409 `legal_text_unchanged`.
 */
export const publishLegalVersion = (kind: LegalKind, body: LegalVersionBody) =>
  api.post<PublishedLegalVersion>(`/api/admin-panel/legal/${kind}`, body);

/** Announced by the mutation cache (names the version), so the message survives the form leaving for the list. */
export const usePublishLegalVersion = (kind: LegalKind) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LegalVersionBody) => publishLegalVersion(kind, body),
    meta: {
      feedback: {
        success: (data) => {
          const { version, effective_at } = data as PublishedLegalVersion;
          const date = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'fr-FR', {
            dateStyle: 'long',
            timeStyle: 'short',
          }).format(new Date(effective_at));
          return i18n.t('adminSite.legal.published', { version, date });
        },
      },
    },
    onSuccess: () => invalidateLegal(queryClient),
  });
};
