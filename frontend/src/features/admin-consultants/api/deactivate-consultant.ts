import { api } from '@/lib/api-client';
import { consultantPath, useConsultantAction } from './consultant-action';

/** `POST /api/admin-panel/consultants/{id}/deactivate` `{reason}` (3–500 characters) → 204. */
export const deactivateConsultant = (id: string, body: { reason: string }) =>
  api.post<void>(consultantPath(id, 'deactivate'), body);

/** `POST /api/admin-panel/consultants/{id}/reactivate` → 204. */
export const reactivateConsultant = (id: string) => api.post<void>(consultantPath(id, 'reactivate'));

export const useDeactivateConsultant = () => useConsultantAction<{ reason: string }>(deactivateConsultant);
export const useReactivateConsultant = () => useConsultantAction<undefined>((id) => reactivateConsultant(id));
