import * as yup from 'yup';
import { api } from '@/lib/api-client';
import { boundedText, complaintPath, useComplaintMutation } from './complaint-mutation';
import { FAVOURS, LIMITS, type ComplaintDetail, type ComplaintState, type Favour, type Money } from './types';

export type DecideValues = {
  favour: '' | Favour;
  resolution: string;
  /** In major units as typed ("30", "30,50"); empty: no refund. */
  refund: string;
  suspend_consultant: boolean;
};

export const decideInitialValues: DecideValues = { favour: '', resolution: '', refund: '', suspend_consultant: false };

/** Minor digits of a currency as Intl knows them (2 for EUR, 0 for XOF). */
export const currencyDigits = (currency: string) => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
};

/** "30,50" or "30.5" → 3050 minor units (for 2 digits); null when not an amount of that currency. */
export const parseAmount = (raw: string, digits: number): number | null => {
  const text = raw.trim().replace(/\s/g, '').replace(',', '.');
  const pattern = digits > 0 ? new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`) : /^\d+$/;
  if (!pattern.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
};

/** minor units → "30.50" (what the amount field shows for a shortcut). */
export const amountText = (minor: number, digits: number) => (digits > 0 ? (minor / 10 ** digits).toFixed(digits) : String(minor));

/** What remains refundable on the booking: its total minus what was already refunded. */
export const refundable = (detail: Pick<ComplaintDetail, 'booking_total' | 'booking_refunded'>): Money | null => {
  if (!detail.booking_total) return null;
  const refunded = detail.booking_refunded?.amount_minor ?? 0;
  return { amount_minor: Math.max(0, detail.booking_total.amount_minor - refunded), currency: detail.booking_total.currency };
};

/** A refund goes to the client: offered when the client filed, is favoured, and something remains refundable. */
export const refundOffered = (detail: ComplaintDetail, favour: DecideValues['favour']) => {
  const left = refundable(detail);
  return favour === 'complainant' && detail.author.role === 'client' && left !== null && left.amount_minor > 0;
};

/** The form's checks; `max` is the remaining refundable amount (null: no refund possible). */
export const decideSchema = (max: Money | null, messages: { amount: string; tooMuch: string }) => {
  const digits = max ? currencyDigits(max.currency) : 2;
  return yup.object({
    favour: yup.string().oneOf([...FAVOURS]).required('validation.required'),
    resolution: boundedText(LIMITS.resolution.min, LIMITS.resolution.max),
    refund: yup
      .string()
      .test('amount', messages.amount, (value) => !value?.trim() || (parseAmount(value, digits) ?? 0) > 0)
      .test('max', messages.tooMuch, (value) => {
        if (!value?.trim()) return true;
        const minor = parseAmount(value, digits);
        return minor === null || (max !== null && minor <= max.amount_minor);
      }),
    suspend_consultant: yup.boolean(),
  });
};

export type DecideBody = {
  favour: Favour;
  resolution: string;
  refund?: { amount_minor: number };
  suspend_consultant?: boolean;
};

export const toDecideBody = (values: DecideValues, refund: { offered: boolean; currency: string }): DecideBody => {
  const minor = refund.offered && values.refund.trim() ? parseAmount(values.refund, currencyDigits(refund.currency)) : null;
  return {
    favour: values.favour as Favour,
    resolution: values.resolution.trim(),
    ...(minor ? { refund: { amount_minor: minor } } : {}),
    ...(values.suspend_consultant ? { suspend_consultant: true } : {}),
  };
};

/**
 * `POST /api/admin-panel/complaints/{id}/decide {favour, resolution, refund?, suspend_consultant?}` → 200 the complaint's state;
 * 409 `complaint_closed` (decided elsewhere first), 400 `refund_not_allowed` / `refund_exceeds_paid`.
 */
export const decideComplaint = (id: string, body: DecideBody) =>
  api.post<ComplaintState>(complaintPath('admin-panel', id, 'decide'), body);

export const useDecideComplaint = (id: string) =>
  useComplaintMutation((body: DecideBody) => decideComplaint(id, body));
