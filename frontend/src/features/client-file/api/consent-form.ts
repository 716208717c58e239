import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /api/client/consent-form` (docs/api.md "Client file"). */
export type ConsentForm = { uploaded: boolean; uploaded_at: string | null; file_key: string | null };

export const getConsentForm = (signal?: AbortSignal) => api.get<ConsentForm>('/api/client/consent-form', { signal });

export const consentFormKey = ['client', 'consent-form'] as const;

export const consentFormQueryOptions = () =>
  queryOptions({ queryKey: consentFormKey, queryFn: ({ signal }) => getConsentForm(signal), staleTime: 0 });

export const useConsentForm = () => useQuery(consentFormQueryOptions());

/** The blank form to print or fill in, in the interface's language. */
export const consentFormTemplateUrl = (language: string) =>
  `/api/public/consent-form-template?lang=${language === 'en' ? 'en' : 'fr'}`;

export type ConsentFormValues = { file_key: string };

/** `PUT /api/client/consent-form` `{file_key}` → 204 (a PDF the client uploaded with kind `consent_form`). */
export const saveConsentForm = (body: ConsentFormValues) => api.put<void>('/api/client/consent-form', body);

export const useSaveConsentForm = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveConsentForm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consentFormKey }),
  });
};
