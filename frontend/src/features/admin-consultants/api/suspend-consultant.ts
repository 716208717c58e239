import { api } from '@/lib/api-client';
import { consultantPath, useConsultantAction } from './consultant-action';

/** `POST /api/admin-panel/consultants/{id}/suspend` `{reason}` (1–1000 characters) → 204. */
export const suspendConsultant = (id: string, body: { reason: string }) =>
  api.post<void>(consultantPath(id, 'suspend'), body);

export const useSuspendConsultant = () => useConsultantAction<{ reason: string }>(suspendConsultant);
