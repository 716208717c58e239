import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { usePolicies } from '@/lib/policies';
import { toast } from '@/lib/toast';
import { formatDateTimeIn } from '@/lib/zoned-time';
import { useCancelBooking, type CancelArea } from '../api/booking-actions';
import { clientRefundsInFull, type BookingRow } from '../api/types';
import { useMoney } from './use-money';
import { useNow } from './use-now';
import { settle } from '@/lib/action-feedback';
import { clientName } from '@/lib/erased-name';

type Props = { area: CancelArea; row: BookingRow; zone: string; onClose: () => void };

/**
 * Cancels a booking after saying what will be refunded (DESIGN §4): a client who cancels within
 * the server's refund window (24 h or more before the start) gets everything back, later nothing; a consultant's or an administrator's
 * cancellation always refunds the client in full. An unpaid hold is simply released: nothing was charged.
 */
export function CancelDialog({ area, row, zone, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const cancel = useCancelBooking();
  const [reason, setReason] = useState('');
  const now = useNow();
  const hours = usePolicies().data?.refund_window_hours;
  const unpaidHold = row.status === 'held';
  const paid = row.total.amount_minor > 0;
  const refundText = unpaidHold
    ? t('bookings.cancel.holdNotPaid')
    : !paid
      ? t('bookings.cancel.nothingPaid')
      : area !== 'client'
        ? t('bookings.cancel.consultantRefund', { amount: money(row.total) })
        : hours === undefined
          ? null
          : clientRefundsInFull(row.start, hours, now)
            ? t('bookings.cancel.fullRefund', { amount: money(row.total) })
            : t('bookings.cancel.noRefund', { hours });
  const date = formatDateTimeIn(row.start, zone, i18n.language);
  const question =
    area === 'admin-panel'
      ? t('bookings.cancel.adminQuestion', {
          client: clientName(row.client.name, t) ?? t('bookings.unnamed'),
          consultant: row.consultant.name ?? t('bookings.unnamed'),
          date,
        })
      : t('bookings.cancel.question', {
          name: (area === 'client' ? row.consultant.name : clientName(row.client.name, t)) ?? t('bookings.unnamed'),
          date,
        });

  const confirm = () =>
    settle(cancel.mutateAsync({ area, id: row.id, reason: reason.trim() || undefined }), {
        onSuccess: (updated) => {
          toast.success(
            updated.refund && updated.refund.amount_minor > 0
              ? t('bookings.cancel.doneRefund', { amount: money(updated.refund) })
              : t('bookings.cancel.done'),
          );
          onClose();
        },
    });

  return (
    <Dialog title={t('bookings.cancel.title')} onClose={onClose}>
      <p>{question}</p>
      {area === 'client' && !unpaidHold && hours !== undefined && <p>{t('bookings.cancel.rule', { hours })}</p>}
      {refundText && (
        <p>
          <strong>{refundText}</strong>
        </p>
      )}
      <label>
        {t('bookings.cancel.reason')}
        <textarea value={reason} onChange={(event) => setReason(event.target.value)} rows={2} maxLength={500} style={{ width: '100%' }} />
      </label>
      <DialogActions>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('bookings.cancel.keep')}
        </button>
        <button type="button" className="btn" onClick={confirm} disabled={cancel.isPending} aria-busy={cancel.isPending || undefined}>
          {t('bookings.cancel.confirm')}
        </button>
      </DialogActions>
    </Dialog>
  );
}
