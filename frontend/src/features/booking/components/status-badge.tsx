import { useTranslation } from 'react-i18next';
import type { BookingStatus } from '../api/types';
import styles from './booking.module.css';

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} data-status={status}>
      {t(`bookings.status.${status}`)}
    </span>
  );
}
