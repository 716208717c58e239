import type { PartyArea } from '../api/booking-actions';
import type { BookingDialog } from './booking-item';
import { CancelDialog } from './cancel-dialog';
import { RescheduleDialog } from './reschedule-dialog';

/** The open cancel or reschedule dialog of a list, if any. */
export function BookingDialogs({
  area,
  dialog,
  zone,
  onClose,
}: {
  area: PartyArea;
  dialog: BookingDialog | null;
  zone: string;
  onClose: () => void;
}) {
  if (!dialog) return null;
  return dialog.kind === 'cancel' ? (
    <CancelDialog area={area} row={dialog.row} zone={zone} onClose={onClose} />
  ) : (
    <RescheduleDialog area={area} row={dialog.row} zone={zone} onClose={onClose} />
  );
}
