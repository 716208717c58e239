import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import { TextField } from '@/components/form/text-field';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { cardSchema, toPayBody, usePayBooking, type CardValues } from '../api/pay-booking';
import type { CommandBooking, Money } from '../api/types';
import { useMoney } from './use-money';

const FIELDS = ['card_number', 'expiry', 'cvc'] as const;
const initialValues: CardValues = { card_number: '', expiry: '', cvc: '' };

type Props = {
  bookingId: string;
  total: Money;
  onPaid: (row: CommandBooking) => void;
  onHoldExpired: () => void;
};

/**
 * Card payment (spec §3: card number, expiration; plus the CVC). Basic checks here;
 * a refusal of the provider (402) shows the server's translated reason above the button.
 */
export function CardForm({ bookingId, total, onPaid, onHoldExpired }: Props) {
  const { t } = useTranslation();
  const money = useMoney();
  const pay = usePayBooking();
  const schema = useMemo(() => cardSchema(t), [t]);
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        helpers.setStatus(undefined);
        try {
          onPaid(await pay.mutateAsync({ id: bookingId, body: toPayBody(values) }));
        } catch (error) {
          if (isApiError(error) && error.status === 402) {
            helpers.setStatus(error.message);
          } else if (isApiError(error) && error.code === 'hold_expired') {
            onHoldExpired();
          } else {
            applyServerErrors(error, helpers.setErrors, FIELDS, { exp_month: 'expiry', exp_year: 'expiry' });
          }
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate aria-labelledby="card-form-title">
          <h2 id="card-form-title">{t('booking.card.title')}</h2>
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
          <button type="submit" className="btn" disabled={isSubmitting}>
            {isSubmitting ? t('booking.card.paying') : t('booking.card.pay', { amount: money(total) })}
          </button>
        </Form>
      )}
    </Formik>
  );
}
