import type { QueryClient } from '@tanstack/react-query';

/** Every complaint list and detail, of every area. */
export const complaintsKey = ['complaints'] as const;

export const invalidateComplaints = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: complaintsKey });
