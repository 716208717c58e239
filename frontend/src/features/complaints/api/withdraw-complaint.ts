import { api } from '@/lib/api-client';
import { complaintPath, useComplaintMutation } from './complaint-mutation';
import type { ComplaintState, PartyArea } from './types';

/** `POST /api/{area}/complaints/{id}/withdraw` → 200 the complaint's state; 409 `complaint_closed`. */
export const withdrawComplaint = (area: PartyArea, id: string) =>
  api.post<ComplaintState>(complaintPath(area, id, 'withdraw'));

export const useWithdrawComplaint = (area: PartyArea, id: string) =>
  useComplaintMutation(() => withdrawComplaint(area, id));
