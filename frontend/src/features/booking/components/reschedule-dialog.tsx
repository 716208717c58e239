import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { formatDateTimeIn } from '@/lib/zoned-time';
import { useRescheduleBooking, type PartyArea } from '../api/booking-actions';
import type { BookingRow } from '../api/types';
import { SlotPicker } from './slot-picker';
import { settle } from '@/lib/action-feedback';

type Props = { area: PartyArea; row: BookingRow; zone: string; onClose: () => void };

/** Moves a booking to another free slot of the same expert (cancel-and-book in one step on the server). */
export function RescheduleDialog({ area, row, zone, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const reschedule = useRescheduleBooking();
  return (
    <Dialog title={t('bookings.reschedule.title')} onClose={onClose}>
      <p>
        {t('bookings.reschedule.current', { date: formatDateTimeIn(row.start, zone, i18n.language) })}
      </p>
      <SlotPicker
        consultantId={row.consultant.id}
        level={3}
        busy={reschedule.isPending}
        onPick={(slot, timezone) =>
          settle(reschedule.mutateAsync({ area, id: row.id, start: slot.start }), {
              onSuccess: () => {
                toast.success(t('bookings.reschedule.done', { date: formatDateTimeIn(slot.start, timezone, i18n.language) }));
                onClose();
              },
          })
        }
      />
      <DialogActions>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('bookings.reschedule.close')}
        </button>
      </DialogActions>
    </Dialog>
  );
}
