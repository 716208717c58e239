import * as yup from 'yup';
import { api } from '@/lib/api-client';
import { boundedText, complaintPath, useComplaintMutation } from './complaint-mutation';
import { LIMITS, type ComplaintState, type PartyArea } from './types';

export type AnswerValues = { text: string; attachments: string[] };
export const answerInitialValues: AnswerValues = { text: '', attachments: [] };

export const answerSchema = yup.object({
  text: boundedText(LIMITS.answer.min, LIMITS.answer.max),
  attachments: yup.array(yup.string().required()).max(LIMITS.attachments),
});

/** `POST /api/{area}/complaints/{id}/information {request_id, text, attachments?}` → 200 the complaint's state; 409 `information_not_requested`. */
export const provideInformation = (area: PartyArea, id: string, requestId: string, values: AnswerValues) =>
  api.post<ComplaintState>(complaintPath(area, id, 'information'), {
    request_id: requestId,
    text: values.text.trim(),
    ...(values.attachments.length > 0 ? { attachments: values.attachments } : {}),
  });

export const useProvideInformation = (area: PartyArea, id: string) =>
  useComplaintMutation(({ requestId, values }: { requestId: string; values: AnswerValues }) =>
    provideInformation(area, id, requestId, values),
  );
