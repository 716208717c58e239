import { api } from '@/lib/api-client';
import { consultantPath, useConsultantAction } from './consultant-action';

/** `POST /api/admin-panel/consultants/{id}/reject` `{reason}` (1–1000 characters) → 204. */
export const rejectConsultant = (id: string, body: { reason: string }) =>
  api.post<void>(consultantPath(id, 'reject'), body);

export const useRejectConsultant = () => useConsultantAction<{ reason: string }>(rejectConsultant);
