import { api } from '@/lib/api-client';
import { complaintPath, useComplaintMutation } from './complaint-mutation';
import type { ComplaintState } from './types';

/** `POST /api/admin-panel/complaints/{id}/review` → 200 the complaint's state (submitted → in review). */
export const startReview = (id: string) => api.post<ComplaintState>(complaintPath('admin-panel', id, 'review'));

export const useStartReview = (id: string) => useComplaintMutation(() => startReview(id));
