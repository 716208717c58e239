import * as yup from 'yup';
import { api } from '@/lib/api-client';
import { boundedText, complaintPath, useComplaintMutation } from './complaint-mutation';
import { LIMITS, type ComplaintState, type PartyArea } from './types';

export type StatementValues = { text: string; attachments: string[] };
export const statementInitialValues: StatementValues = { text: '', attachments: [] };

export const statementSchema = yup.object({
  text: boundedText(LIMITS.statement.min, LIMITS.statement.max),
  attachments: yup.array(yup.string().required()).max(LIMITS.attachments),
});

/** `POST /api/{area}/complaints/{id}/statement {text, attachments?}` (the respondent, once) → 200 the complaint's state. */
export const submitStatement = (area: PartyArea, id: string, values: StatementValues) =>
  api.post<ComplaintState>(complaintPath(area, id, 'statement'), {
    text: values.text.trim(),
    ...(values.attachments.length > 0 ? { attachments: values.attachments } : {}),
  });

export const useSubmitStatement = (area: PartyArea, id: string) =>
  useComplaintMutation((values: StatementValues) => submitStatement(area, id, values));
