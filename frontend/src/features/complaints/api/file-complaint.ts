import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as yup from 'yup';
import { api } from '@/lib/api-client';
import { invalidateComplaints } from './invalidate';
import { DESIRED_OUTCOMES, LIMITS, type DesiredOutcome, type PartyArea } from './types';

/** The booking select's value for a complaint about the platform itself. */
export const PLATFORM = 'platform';

export type FileComplaintValues = {
  /** A booking id, or `PLATFORM`. */
  booking_id: string;
  complaint_type_id: string;
  subject: string;
  description: string;
  desired_outcome: '' | DesiredOutcome;
  attachments: string[];
};

export const fileComplaintInitialValues = (bookingId = ''): FileComplaintValues => ({
  booking_id: bookingId,
  complaint_type_id: '',
  subject: '',
  description: '',
  desired_outcome: '',
  attachments: [],
});

const text = (min: number, max: number) =>
  yup.string().trim().required('validation.required').min(min, 'validation.tooShort').max(max, 'validation.tooLong');

/** The contract's bounds (the server checks them again and answers on the field). */
export const fileComplaintSchema = yup.object({
  booking_id: yup.string().required('validation.required'),
  complaint_type_id: yup.string().required('validation.required'),
  subject: text(LIMITS.subject.min, LIMITS.subject.max),
  description: text(LIMITS.description.min, LIMITS.description.max),
  desired_outcome: yup.string().oneOf(['', ...DESIRED_OUTCOMES]),
  attachments: yup.array(yup.string().required()).max(LIMITS.attachments, 'complaints.attachments.tooMany'),
});

export type FileComplaintBody = {
  booking_id?: string;
  complaint_type_id: string;
  subject: string;
  description: string;
  desired_outcome?: DesiredOutcome;
  attachments?: string[];
};

export const toFileComplaintBody = (values: FileComplaintValues): FileComplaintBody => ({
  ...(values.booking_id && values.booking_id !== PLATFORM ? { booking_id: values.booking_id } : {}),
  complaint_type_id: values.complaint_type_id,
  subject: values.subject.trim(),
  description: values.description.trim(),
  ...(values.desired_outcome ? { desired_outcome: values.desired_outcome } : {}),
  ...(values.attachments.length > 0 ? { attachments: values.attachments } : {}),
});

/** `POST /api/{area}/complaints` → 201 `{complaint_id}`; 409 `complaint_already_open`, 400 `complaint_booking_not_eligible`. */
export const fileComplaint = ({ area, body }: { area: PartyArea; body: FileComplaintBody }) =>
  api.post<{ complaint_id: string }>(`/api/${area}/complaints`, body);

export const useFileComplaint = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fileComplaint, onSuccess: () => invalidateComplaints(queryClient) });
};
