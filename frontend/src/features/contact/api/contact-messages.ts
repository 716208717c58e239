import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const CONTACT_MESSAGES_PAGE_SIZE = 20;

/** A message as `GET /api/admin-panel/contact-messages` lists it. */
export type ContactMessage = {
  message_id: string;
  name: string;
  email: string;
  phone: string | null;
  organisation: string | null;
  subject: string;
  message: string;
  /** The interface language the visitor wrote in. */
  language: 'fr' | 'en';
  /** RFC 3339. */
  received_at: string;
};

export type ContactMessagePage = { items: ContactMessage[]; total: number; page: number; page_size: number };

export type ContactMessageListParams = { search: string; page: number };

export const contactMessagesKey = ['admin-contact-messages'] as const;

/** `GET /api/admin-panel/contact-messages?search=&page=&page_size=20`, newest first. */
export const getContactMessages = (params: ContactMessageListParams, signal?: AbortSignal) =>
  api.get<ContactMessagePage>('/api/admin-panel/contact-messages', {
    query: { search: params.search, page: params.page, page_size: CONTACT_MESSAGES_PAGE_SIZE },
    signal,
  });

export const contactMessagesQueryOptions = (params: ContactMessageListParams) =>
  queryOptions({
    queryKey: [...contactMessagesKey, 'list', params],
    queryFn: ({ signal }) => getContactMessages(params, signal),
    placeholderData: keepPreviousData,
  });

export const useContactMessages = (params: ContactMessageListParams) => useQuery(contactMessagesQueryOptions(params));

/** `GET /api/admin-panel/contact-messages/export.csv?search=`: the same filter, a plain download link. */
export const contactMessagesExportHref = (search: string) => {
  const query = new URLSearchParams(search ? { search } : {}).toString();
  return `/api/admin-panel/contact-messages/export.csv${query ? `?${query}` : ''}`;
};

/** `DELETE /api/admin-panel/contact-messages/{message_id}` → 204: the message is erased (GDPR); 404 when unknown. */
export const deleteContactMessage = (messageId: string) =>
  api.delete<void>(`/api/admin-panel/contact-messages/${encodeURIComponent(messageId)}`);

/** Announced by the mutation cache (survives the row leaving the list); the list is read again either way. */
export const useDeleteContactMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContactMessage,
    meta: { feedback: { success: 'adminContact.deleted', errorToast: true } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactMessagesKey }),
  });
};
