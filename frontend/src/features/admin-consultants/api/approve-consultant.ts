import { api } from '@/lib/api-client';
import { consultantPath, useConsultantAction } from './consultant-action';

/** `POST /api/admin-panel/consultants/{id}/approve` → 204. */
export const approveConsultant = (id: string) => api.post<void>(consultantPath(id, 'approve'));

export const useApproveConsultant = () => useConsultantAction<void>((id) => approveConsultant(id));
