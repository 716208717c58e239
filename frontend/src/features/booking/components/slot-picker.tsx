import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePersistedState } from '@/lib/persisted-state';
import { errorText } from '@/lib/toast';
import { browserTimeZone, formatDayIn, formatShortDayIn, formatTimeIn, todayIn, zoneLabel } from '@/lib/zoned-time';
import { bookingToken } from '../api/booking-token';
import { SLOT_DAYS, useSlots, type Slot } from '../api/get-slots';
import styles from './slot-picker.module.css';

export type SlotPickerProps = {
  consultantId: string;
  /** Reschedule: called with the chosen slot instead of going to the booking page. */
  onPick?: (slot: Slot, timezone: string) => void;
  /** Heading level of the picker's title (2 on the expert page, 3 inside a dialog). */
  level?: 2 | 3;
  /** Disables the slot buttons while a pick is being saved. */
  busy?: boolean;
  /** The section's class while the slots load (the expert page keeps the picker's place). */
  pendingClassName?: string;
};

/** Slots grouped by their local day (`local_start` carries the zone's date), in order. */
const groupByDay = (slots: readonly Slot[]) => {
  const days = new Map<string, Slot[]>();
  for (const slot of slots) {
    const day = slot.local_start.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days.entries()];
};

/**
 * The next four weeks of an expert's free slots, grouped by day, in the visitor's zone
 * (a signed-in client's account zone, else the browser's), which it names.
 * Picking one opens `/booking/{consultant}_{start}` (a visitor signs in first, the
 * booking guard brings them back), or calls `onPick` (reschedule).
 */
export function SlotPicker({ consultantId, onPick, level = 2, busy = false, pendingClassName }: SlotPickerProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const signedIn = usePersistedState((s) => s.auth.client.status);
  const browserZone = browserTimeZone();
  const tz = signedIn ? undefined : browserZone;
  const query = useSlots({ consultantId, from: todayIn(browserZone), tz });
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const SubHeading = level === 2 ? 'h3' : 'h4';

  const data = query.data;
  const days = data ? groupByDay(data.slots) : [];
  const current = days.find(([day]) => day === chosenDay) ?? days[0];

  return (
    <section aria-labelledby={headingId} className={query.isPending ? pendingClassName : undefined}>
      <Heading id={headingId}>{t('slots.title')}</Heading>
      {data && <p className={styles.zone}>{t('slots.zone', { zone: zoneLabel(data.timezone, language) })}</p>}
      <div role="status" aria-live="polite">
        {query.isPending && t('common.loading')}
        {data && days.length === 0 && t('slots.none', { days: SLOT_DAYS })}
      </div>
      {query.isError && !data && <p role="alert">{errorText(query.error, t('errors.network'))}</p>}
      {data && current && (
        <>
          <ul className={styles.days} aria-label={t('slots.days')}>
            {days.map(([day, slots]) => (
              <li key={day}>
                <button
                  type="button"
                  className={styles.day}
                  aria-pressed={day === current[0]}
                  onClick={() => setChosenDay(day)}
                >
                  {formatShortDayIn(slots[0].start, data.timezone, language)}
                </button>
              </li>
            ))}
          </ul>
          <SubHeading>{formatDayIn(current[1][0].start, data.timezone, language)}</SubHeading>
          <ul className={styles.times}>
            {current[1].map((slot) => {
              const time = formatTimeIn(slot.start, data.timezone, language);
              const label = t('slots.pick', {
                date: formatDayIn(slot.start, data.timezone, language),
                time,
              });
              return (
                <li key={slot.start}>
                  {onPick ? (
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      aria-label={label}
                      disabled={busy}
                      onClick={() => onPick(slot, data.timezone)}
                    >
                      {time}
                    </button>
                  ) : (
                    <Link
                      className="btn btn-secondary btn-small"
                      aria-label={label}
                      to={paths.booking.getHref(bookingToken(consultantId, slot.start))}
                    >
                      {time}
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
