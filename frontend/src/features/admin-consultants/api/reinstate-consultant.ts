import { api } from '@/lib/api-client';
import { consultantPath, useConsultantAction } from './consultant-action';

/** `POST /api/admin-panel/consultants/{id}/reinstate` → 204. */
export const reinstateConsultant = (id: string) => api.post<void>(consultantPath(id, 'reinstate'));

export const useReinstateConsultant = () => useConsultantAction<void>((id) => reinstateConsultant(id));
