import { api } from '@/lib/api-client';
import { consultantPath, useConsultantAction } from './consultant-action';

/** `POST /api/admin-panel/consultants/{id}/changes-reviewed` → 204. */
export const markChangesReviewed = (id: string) => api.post<void>(consultantPath(id, 'changes-reviewed'));

export const useMarkChangesReviewed = () => useConsultantAction<void>((id) => markChangesReviewed(id));
