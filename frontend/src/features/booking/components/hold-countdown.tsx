import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const remainingSeconds = (until: string) => Math.max(0, Math.ceil((new Date(until).getTime() - Date.now()) / 1000));

/** "14:32": how long the held slot stays reserved (15 minutes, DESIGN §4); calls `onExpired` at 0. */
export function HoldCountdown({ until, onExpired }: { until: string; onExpired: () => void }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(() => remainingSeconds(until));

  useEffect(() => {
    const timer = window.setInterval(() => {
      const next = remainingSeconds(until);
      setLeft(next);
      if (next === 0) {
        window.clearInterval(timer);
        onExpired();
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until, onExpired]);

  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, '0');
  return (
    <p>
      {t('booking.hold.label')}{' '}
      <strong role="timer" aria-label={t('booking.hold.aria', { count: Math.max(1, Math.ceil(left / 60)) })}>
        {minutes}:{seconds}
      </strong>
    </p>
  );
}
