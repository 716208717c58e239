import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { api } from '@/lib/api-client';
import type { SandboxPaymentAnswer } from './types';

/** The sandbox card form (spec §3 "Card payment": card number, expiration; plus the CVC). */
export type CardValues = { card_number: string; expiry: string; cvc: string };
export type SandboxCard = { card_number: string; exp_month: number; exp_year: number; cvc: string };

const digits = (value: string) => value.replace(/[\s-]/g, '');

/** Luhn checksum of a card number (client-side plausibility; the provider decides). */
export const luhnValid = (raw: string) => {
  const number = digits(raw);
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

/** MM/YY → month and four-digit year, or null. */
export const parseExpiry = (raw: string): { month: number; year: number } | null => {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(raw);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
};

const notExpired = (raw: string | undefined, now = new Date()) => {
  const expiry = parseExpiry(raw ?? '');
  if (!expiry) return true;
  return expiry.year > now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month >= now.getMonth() + 1);
};

/** Basic checks before sending (validation keys); the server and the provider stay the authority. */
export const cardSchema = (t: TFunction) =>
  yup.object({
    card_number: yup
      .string()
      .required('validation.required')
      .test('luhn', t('booking.card.invalidNumber'), (v) => !v || luhnValid(v)),
    expiry: yup
      .string()
      .required('validation.required')
      .test('format', t('booking.card.invalidExpiry'), (v) => !v || parseExpiry(v) !== null)
      .test('future', t('booking.card.expired'), (v) => notExpired(v)),
    cvc: yup.string().required('validation.required').matches(/^\d{3,4}$/, t('booking.card.invalidCvc')),
  });

export const toSandboxCard = (values: CardValues): SandboxCard => {
  const expiry = parseExpiry(values.expiry) ?? { month: 0, year: 0 };
  return { card_number: digits(values.card_number), exp_month: expiry.month, exp_year: expiry.year, cvc: values.cvc.trim() };
};

/**
 * The sandbox provider's test cards (docs/booking.md "Payment"): what each one does, for the hint
 * under the sandbox form. `outcome` names the `booking.sandbox.cards.*` text.
 */
export const SANDBOX_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'success' },
  { number: '4000 0025 0000 3155', outcome: 'challenge' },
  { number: '4000 0084 0000 1629', outcome: 'challengeFails' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
] as const;

const sandboxPath = (intentId: string, action: 'confirm' | 'challenge') =>
  `/api/public/sandbox-payments/${encodeURIComponent(intentId)}/${action}`;

/**
 * `POST /api/public/sandbox-payments/{intent_id}/confirm`: the card goes to the sandbox provider's
 * own route (never to the booking API) → `succeeded`, `requires_action` (a 3-D Secure challenge)
 * or `requires_payment_method` (refused: `message` says why).
 */
export const confirmSandboxPayment = ({ intentId, clientSecret, card }: { intentId: string; clientSecret: string; card: SandboxCard }) =>
  api.post<SandboxPaymentAnswer>(sandboxPath(intentId, 'confirm'), { client_secret: clientSecret, ...card });

export type ChallengeOutcome = 'complete' | 'fail';

/** `POST /api/public/sandbox-payments/{intent_id}/challenge`: the client's answer to the bank's (simulated) page. */
export const answerSandboxChallenge = ({
  intentId,
  clientSecret,
  outcome,
}: {
  intentId: string;
  clientSecret: string;
  outcome: ChallengeOutcome;
}) => api.post<SandboxPaymentAnswer>(sandboxPath(intentId, 'challenge'), { client_secret: clientSecret, outcome });

export const useConfirmSandboxPayment = () => useMutation({ mutationFn: confirmSandboxPayment, meta: { silent: true } });

export const useAnswerSandboxChallenge = () => useMutation({ mutationFn: answerSandboxChallenge, meta: { silent: true } });
