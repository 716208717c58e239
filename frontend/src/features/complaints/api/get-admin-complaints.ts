import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { complaintsKey } from './invalidate';
import type { ComplaintRow, Page, PartyRole } from './types';

/** Filters of the administrators' lists (docs/complaints.md); `from`/`to` are days, both included. */
export type AdminComplaintFilters = {
  status?: string;
  type_id?: string;
  party_id?: string;
  booking_id?: string;
  from?: string;
  to?: string;
  q?: string;
};
export type AdminListParams = AdminComplaintFilters & { author_role: PartyRole; page: number };

/** 20 rows a page, the server's default order: open ones oldest first, then closed ones newest first. */
export const ADMIN_PAGE_SIZE = 20;

/** `GET /api/admin-panel/complaints?author_role=&status=&type_id=&party_id=&booking_id=&from=&to=&q=&page=&page_size=`. */
export const getAdminComplaints = (params: AdminListParams, signal?: AbortSignal) =>
  api.get<Page<ComplaintRow>>('/api/admin-panel/complaints', {
    query: { ...params, page_size: ADMIN_PAGE_SIZE },
    signal,
  });

export const adminComplaintsQueryOptions = (params: AdminListParams) =>
  queryOptions({
    queryKey: [...complaintsKey, 'admin-panel', 'list', params],
    queryFn: ({ signal }) => getAdminComplaints(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminComplaints = (params: AdminListParams) => useQuery(adminComplaintsQueryOptions(params));

/** `GET /api/admin-panel/complaints/export.csv?…` with the same filters (no page): a plain download link. */
export const complaintsExportHref = ({ page: _page, ...filters }: AdminListParams) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  return `/api/admin-panel/complaints/export.csv?${query.toString()}`;
};
