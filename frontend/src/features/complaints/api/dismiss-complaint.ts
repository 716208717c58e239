import * as yup from 'yup';
import { api } from '@/lib/api-client';
import { boundedText, complaintPath, useComplaintMutation } from './complaint-mutation';
import { LIMITS, type ComplaintState } from './types';

export type DismissValues = { reason: string };

export const dismissSchema = yup.object({ reason: boundedText(LIMITS.reason.min, LIMITS.reason.max) });

/** `POST /api/admin-panel/complaints/{id}/dismiss {reason}` → 200 the complaint's state; 409 `complaint_closed`. */
export const dismissComplaint = (id: string, values: DismissValues) =>
  api.post<ComplaintState>(complaintPath('admin-panel', id, 'dismiss'), { reason: values.reason.trim() });

export const useDismissComplaint = (id: string) =>
  useComplaintMutation((values: DismissValues) => dismissComplaint(id, values));
