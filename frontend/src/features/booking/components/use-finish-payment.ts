import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { errorText } from '@/lib/toast';
import { usePayBooking } from '../api/pay-booking';
import type { CommandBooking } from '../api/types';

export type PaymentOutcome = {
  onPaid: (row: CommandBooking) => void;
  onHoldExpired: () => void;
};

/**
 * Step 3 of a card payment, once the provider has the card: `POST …/pay {payment_intent}`.
 * Resolves to the text to show in the form's alert region (a decline, 402; the intent not finished,
 * 409 `payment_pending`; anything else), or null when the booking is paid or its hold lapsed.
 */
export const useFinishPayment = (bookingId: string, { onPaid, onHoldExpired }: PaymentOutcome) => {
  const { t } = useTranslation();
  const { mutateAsync } = usePayBooking();
  return useCallback(
    async (intentId: string): Promise<string | null> => {
      try {
        onPaid(await mutateAsync({ id: bookingId, intentId }));
        return null;
      } catch (error) {
        if (isApiError(error) && error.code === 'hold_expired') {
          onHoldExpired();
          return null;
        }
        return errorText(error, t('errors.network'));
      }
    },
    [bookingId, mutateAsync, onHoldExpired, onPaid, t],
  );
};
