import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `POST /api/public/waiting-list/leave` `{entry_id, token}` (the leave link's two last segments) → 204, the
 * entry ends and its address is erased (twice is fine); 400 `waiting_list_link_invalid`.
 */
export const leaveWaitingList = (body: { entry_id: string; token: string }) =>
  api.post<void>('/api/public/waiting-list/leave', body);

export const useLeaveWaitingList = () => useMutation({ mutationFn: leaveWaitingList });
