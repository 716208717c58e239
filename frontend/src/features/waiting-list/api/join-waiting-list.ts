import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { api } from '@/lib/api-client';
import { todayIn } from '@/lib/zoned-time';

/** The waiting list's days are calendar days in France (docs/api.md "Waiting list"). */
export const WAITING_LIST_ZONE = 'Europe/Paris';
export const EMAIL_MAX = 254;
/** The form's default range: today and the week after it (the server keeps the bounds). */
const DEFAULT_DAYS = 7;

/** Who the entry waits for: one expert or one speciality. */
export type WaitingListTarget = { consultantId: string } | { specializationId: string };

/** What the form holds (`website` is the honeypot, left empty by a person); days as `YYYY-MM-DD`. */
export type WaitingListValues = { email: string; from: string; to: string; website: string };

/** The fields the server may name; `consultant_id` and `specialization_id` have no field of their own. */
export const WAITING_LIST_FIELDS = ['email', 'from', 'to'] as const;

/** `day` plus `days` calendar days (`YYYY-MM-DD`). */
export const addDays = (day: string, days: number) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
};

export const emptyWaitingList = (): WaitingListValues => {
  const today = todayIn(WAITING_LIST_ZONE);
  return { email: '', from: today, to: addDays(today, DEFAULT_DAYS), website: '' };
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The form's checks; messages are `validation.*` keys or texts. */
export const waitingListSchema = (t: TFunction) =>
  yup.object({
    email: yup.string().trim().max(EMAIL_MAX, 'validation.tooLong').email('validation.email').required('validation.required'),
    from: yup.string().matches(DAY, 'validation.date').required('validation.required'),
    to: yup
      .string()
      .matches(DAY, 'validation.date')
      .required('validation.required')
      .test('after', t('waitingList.toBeforeFrom'), function check(value) {
        const from = (this.parent as WaitingListValues).from;
        return !value || !from || value >= from;
      }),
    website: yup.string(),
  });

export type WaitingListBody = {
  email: string;
  consultant_id: string | null;
  specialization_id: string | null;
  from: string;
  to: string;
  website: string;
};

export const toWaitingListBody = (values: WaitingListValues, target: WaitingListTarget): WaitingListBody => ({
  email: values.email.trim(),
  consultant_id: 'consultantId' in target ? target.consultantId : null,
  specialization_id: 'specializationId' in target ? target.specializationId : null,
  from: values.from,
  to: values.to,
  website: values.website,
});

/**
 * `POST /api/public/waiting-list` → 202 `{received: true}` whatever becomes of it; 400 `validation_failed`
 * with `fields` among `email`, `consultant_id`, `specialization_id`, `from`, `to`.
 */
export const joinWaitingList = (body: WaitingListBody) => api.post<{ received: boolean }>('/api/public/waiting-list', body);

export const useJoinWaitingList = () => useMutation({ mutationFn: joinWaitingList });
