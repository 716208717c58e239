import * as yup from 'yup';
import { api } from '@/lib/api-client';
import { boundedText, complaintPath, useComplaintMutation } from './complaint-mutation';
import { LIMITS, type ComplaintState } from './types';

export type RequestInformationValues = { party: 'complainant' | 'respondent'; text: string };

export const requestInformationSchema = yup.object({
  party: yup.string().oneOf(['complainant', 'respondent']).required('validation.required'),
  text: boundedText(LIMITS.question.min, LIMITS.question.max),
});

/** `POST /api/admin-panel/complaints/{id}/request-information {party, text}` → 200 the complaint's state. */
export const requestInformation = (id: string, values: RequestInformationValues) =>
  api.post<ComplaintState>(complaintPath('admin-panel', id, 'request-information'), {
    party: values.party,
    text: values.text.trim(),
  });

export const useRequestInformation = (id: string) =>
  useComplaintMutation((values: RequestInformationValues) => requestInformation(id, values));
