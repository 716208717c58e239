import { Form, Formik, useFormikContext, type FormikErrors } from 'formik';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import { TextField } from '@/components/form/text-field';
import { isApiError } from '@/lib/api-error';
import { errorText } from '@/lib/toast';
import {
  cardSchema,
  SANDBOX_TEST_CARDS,
  toSandboxCard,
  useConfirmSandboxPayment,
  type CardValues,
} from '../api/sandbox-payment';
import type { Money, PaymentIntent, SandboxPaymentAnswer } from '../api/types';
import styles from './booking.module.css';
import { ChallengeDialog, type ChallengeResult } from './challenge-dialog';
import { useFinishPayment, type PaymentOutcome } from './use-finish-payment';
import { useMoney } from './use-money';

const FIELD_OF: Record<string, keyof CardValues> = {
  card_number: 'card_number',
  exp_month: 'expiry',
  exp_year: 'expiry',
  expiry: 'expiry',
  cvc: 'cvc',
};
const initialValues: CardValues = { card_number: '', expiry: '', cvc: '' };

type Props = PaymentOutcome & {
  bookingId: string;
  intent: PaymentIntent;
  total: Money;
  /** Another purchase's last step (a digital product's `…/pay`) instead of the booking's. */
  finishWith?: (intentId: string) => Promise<string | null>;
};

/** The server's field errors on the form's fields, or null when none concerns them. */
const fieldErrors = (error: unknown): FormikErrors<CardValues> | null => {
  if (!isApiError(error)) return null;
  const mapped: FormikErrors<CardValues> = {};
  for (const [key, message] of Object.entries(error.fields)) {
    const field = FIELD_OF[key];
    if (field) mapped[field] = message;
  }
  return Object.keys(mapped).length > 0 ? mapped : null;
};

/** Gives focus back to the pay button once the form is usable again after the challenge dialog closed. */
function ReturnFocus({ pendingRef, buttonRef }: { pendingRef: RefObject<boolean>; buttonRef: RefObject<HTMLButtonElement | null> }) {
  const { isSubmitting } = useFormikContext();
  useEffect(() => {
    if (isSubmitting || !pendingRef.current) return;
    pendingRef.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) buttonRef.current?.focus();
  }, [isSubmitting, pendingRef, buttonRef]);
  return null;
}

/**
 * The sandbox provider's card form (spec §3: card number, expiration; plus the CVC). Basic checks
 * here; the card goes to the sandbox provider's own route, never to the booking API. A card that
 * asks for 3-D Secure opens the bank's (simulated) page; a refusal shows the provider's translated
 * reason above the button and the form stays for another card. Once the provider says
 * `succeeded`, the booking is paid with the intent.
 */
export function CardForm({ bookingId, intent, total, onPaid, onHoldExpired, finishWith }: Props) {
  const { t } = useTranslation();
  const money = useMoney();
  const confirm = useConfirmSandboxPayment();
  const bookingFinish = useFinishPayment(bookingId, { onPaid, onHoldExpired });
  const finish = finishWith ?? bookingFinish;
  const schema = useMemo(() => cardSchema(t), [t]);
  const [challenge, setChallenge] = useState<{ resolve: (result: ChallengeResult) => void } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const focusBackRef = useRef(false);

  /** Opens the bank's page; resolves with the provider's answer (or an error) when the client chose. */
  const askChallenge = useCallback(
    () => new Promise<ChallengeResult>((resolve) => setChallenge({ resolve })),
    [],
  );

  const refusal = (answer: SandboxPaymentAnswer) => answer.message ?? t('booking.payment.refused');

  return (
    <>
      <Formik
        initialValues={initialValues}
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          helpers.setStatus(undefined);
          let answer: SandboxPaymentAnswer;
          try {
            answer = await confirm.mutateAsync({
              intentId: intent.intent_id,
              clientSecret: intent.client_secret,
              card: toSandboxCard(values),
            });
          } catch (error) {
            if (isApiError(error) && error.code === 'hold_expired') return onHoldExpired();
            const fields = fieldErrors(error);
            if (fields) helpers.setErrors(fields);
            else helpers.setStatus(errorText(error, t('errors.network')));
            return;
          }
          if (answer.status === 'requires_action') {
            const result = await askChallenge();
            focusBackRef.current = true;
            if ('error' in result) {
              helpers.setStatus(result.error);
              return;
            }
            answer = result.answer;
          }
          if (answer.status !== 'succeeded') {
            helpers.setStatus(refusal(answer));
            return;
          }
          const message = await finish(intent.intent_id);
          if (message) helpers.setStatus(message);
        }}
      >
        {({ isSubmitting, status }) => (
          <Form noValidate aria-labelledby="card-form-title">
            <h2 id="card-form-title">{t('booking.card.title')}</h2>
            <p className={styles.notice}>{t('booking.sandbox.notice')}</p>
            <TextField
              name="card_number"
              label={t('booking.card.number')}
              autoComplete="cc-number"
              inputMode="numeric"
              maxLength={23}
              required
            />
            <div className={formStyles.row}>
              <TextField
                name="expiry"
                label={t('booking.card.expiry')}
                hint={t('booking.card.expiryHint')}
                autoComplete="cc-exp"
                inputMode="numeric"
                maxLength={7}
                required
              />
              <TextField name="cvc" label={t('booking.card.cvc')} autoComplete="cc-csc" inputMode="numeric" maxLength={4} required />
            </div>
            <div role="alert">{typeof status === 'string' && status ? <p className={formStyles.error}>{status}</p> : null}</div>
            <button ref={buttonRef} type="submit" className="btn" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
              {isSubmitting ? t('booking.card.paying') : t('booking.card.pay', { amount: money(total) })}
            </button>
            <ReturnFocus pendingRef={focusBackRef} buttonRef={buttonRef} />
          </Form>
        )}
      </Formik>
      <div className={styles.testCards}>
        <p id="sandbox-test-cards">{t('booking.sandbox.cardsTitle')}</p>
        <ul aria-labelledby="sandbox-test-cards">
          {SANDBOX_TEST_CARDS.map((card) => (
            <li key={card.number}>
              <code>{card.number}</code> — {t(`booking.sandbox.cards.${card.outcome}`)}
            </li>
          ))}
        </ul>
      </div>
      {challenge && (
        <ChallengeDialog
          intent={intent}
          onDone={(result) => {
            setChallenge(null);
            challenge.resolve(result);
          }}
        />
      )}
    </>
  );
}
