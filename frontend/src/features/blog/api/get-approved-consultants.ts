import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminBlogKey } from './admin-blog-key';
import type { ListPage } from './types';

/** The parts of an admin consultant row the author picker shows. */
export type ConsultantChoice = {
  id: string;
  given_name: string;
  family_name: string;
  email: string;
  profession: string | null;
};

export const AUTHOR_CHOICES = 20;

/** `GET /api/admin-panel/consultants?search=&status=approved&page_size=20`: the experts a post can be signed by. */
export const getApprovedConsultants = (search: string, signal?: AbortSignal) =>
  api.get<ListPage<ConsultantChoice>>('/api/admin-panel/consultants', {
    query: { search, status: 'approved', page_size: AUTHOR_CHOICES },
    signal,
  });

export const approvedConsultantsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...adminBlogKey, 'authors', search],
    queryFn: ({ signal }) => getApprovedConsultants(search, signal),
    placeholderData: keepPreviousData,
  });

export const useApprovedConsultants = (search: string, enabled: boolean) =>
  useQuery({ ...approvedConsultantsQueryOptions(search), enabled });
