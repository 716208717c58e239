import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layouts/page-title';
import { ActionButton } from '@/components/ui/action-button';
import { useSession } from '@/lib/auth';
import { usePolicies } from '@/lib/policies';
import { errorText } from '@/lib/toast';
import { browserTimeZone, formatDayIn, formatShortDayIn, formatTimeIn, inWeekOrder, todayIn, zoneLabel } from '@/lib/zoned-time';
import { SHIFTS, WEEKDAYS, usePreview, useSaveTimings, useTimings, type Timings, type Weekday } from '../api/timings';
import { rangeErrors, toBody, toValues, type TimingValues } from './timings-form-values';
import styles from './timings.module.css';

const PREVIEW_COUNT = 8;

/**
 * spec §2 consultant `add-timing`: weekly rules by shift or range, days off, in the consultant's zone; a
 * preview of the slots clients see, which exist only while the consultant is `listed` (approved; the app
 * tells, `undefined` while it is not known yet).
 */
export function TimingsPage({ listed }: { listed: boolean | undefined }) {
  const { t } = useTranslation();
  const timings = useTimings();
  return (
    <div className="stack">
      <PageTitle>{t('timings.title')}</PageTitle>
      {timings.isPending && <p role="status">{t('common.loading')}</p>}
      {timings.isError && <p role="alert">{errorText(timings.error, t('errors.network'))}</p>}
      {timings.data && (
        <TimingsForm key={JSON.stringify(timings.data)} timings={timings.data} zone={timings.data.timezone ?? browserTimeZone()} />
      )}
      {timings.data && <Preview timezone={timings.data.timezone ?? browserTimeZone()} listed={listed} />}
    </div>
  );
}

function TimingsForm({ timings, zone }: { timings: Timings; zone: string }) {
  const { t, i18n } = useTranslation();
  const save = useSaveTimings();
  const [values, setValues] = useState<TimingValues>(() => toValues(timings));
  const [submitted, setSubmitted] = useState(false);
  const [dayOff, setDayOff] = useState('');
  const dayOffId = useId();
  const errors = rangeErrors(values);
  const language = i18n.language;
  const shiftHours = usePolicies().data?.shifts;

  const update = (weekday: Weekday, change: (day: TimingValues['days'][Weekday]) => TimingValues['days'][Weekday]) =>
    setValues((current) => ({ ...current, days: { ...current.days, [weekday]: change(current.days[weekday]) } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    // The confirmation comes from the mutation itself (`useSaveTimings`): the form remounts with the saved schedule.
    save.mutate(toBody(values));
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="timings-form-title">
      <h2 id="timings-form-title">{t('timings.weekly')}</h2>
      <p className={styles.zone}>{t('timings.zone', { zone: zoneLabel(zone, language) })}</p>
      <div className={styles.days}>
        {inWeekOrder(WEEKDAYS, language).map((weekday) => {
          const day = values.days[weekday];
          const dayName = t(`timings.weekdays.${weekday}`);
          return (
            <fieldset key={weekday} className={styles.day}>
              <legend>{dayName}</legend>
              {SHIFTS.map((shift) => (
                <label key={shift} className={styles.check}>
                  <input
                    type="checkbox"
                    checked={day.shifts.includes(shift)}
                    onChange={(event) =>
                      update(weekday, (d) => ({
                        ...d,
                        shifts: event.target.checked ? [...d.shifts, shift] : d.shifts.filter((s) => s !== shift),
                      }))
                    }
                  />
                  {shiftHours
                    ? t('timings.shift', {
                        name: t(`timings.shifts.${shift}`),
                        start: shiftHours[shift].start,
                        end: shiftHours[shift].end,
                      })
                    : t(`timings.shifts.${shift}`)}
                </label>
              ))}
              {day.ranges.map((range, index) => {
                const error = submitted ? errors[`${weekday}.${index}`] : undefined;
                const errorId = `${weekday}-${index}-error`;
                const set = (key: 'start' | 'end', value: string) =>
                  update(weekday, (d) => ({
                    ...d,
                    ranges: d.ranges.map((r, i) => (i === index ? { ...r, [key]: value } : r)),
                  }));
                return (
                  <div key={index} className={styles.range}>
                    <label>
                      {t('timings.from')}
                      <input
                        type="time"
                        value={range.start}
                        aria-label={t('timings.rangeStart', { day: dayName, n: index + 1 })}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                        onChange={(event) => set('start', event.target.value)}
                      />
                    </label>
                    <label>
                      {t('timings.to')}
                      <input
                        type="time"
                        value={range.end}
                        aria-label={t('timings.rangeEnd', { day: dayName, n: index + 1 })}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                        onChange={(event) => set('end', event.target.value)}
                      />
                    </label>
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      onClick={() => update(weekday, (d) => ({ ...d, ranges: d.ranges.filter((_, i) => i !== index) }))}
                    >
                      {t('timings.removeRange')}
                      <span className="visually-hidden"> {t('timings.rangeOf', { day: dayName, n: index + 1 })}</span>
                    </button>
                    {error && (
                      <p id={errorId} className={styles.error}>
                        {t(`timings.errors.${error}`)}
                      </p>
                    )}
                  </div>
                );
              })}
              <button
                type="button"
                className="btn-link"
                onClick={() => update(weekday, (d) => ({ ...d, ranges: [...d.ranges, { start: '09:00', end: '12:00' }] }))}
              >
                {t('timings.addRange')}
                <span className="visually-hidden"> ({dayName})</span>
              </button>
            </fieldset>
          );
        })}
      </div>

      <h2>{t('timings.daysOff')}</h2>
      <div className={styles.dayOff}>
        <label htmlFor={dayOffId}>
          {t('timings.dayOff')}
          <input id={dayOffId} type="date" value={dayOff} onChange={(event) => setDayOff(event.target.value)} />
        </label>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={!/^\d{4}-\d{2}-\d{2}$/.test(dayOff)}
          onClick={() => {
            setValues((current) =>
              current.days_off.includes(dayOff) ? current : { ...current, days_off: [...current.days_off, dayOff].sort() },
            );
            setDayOff('');
          }}
        >
          {t('timings.addDayOff')}
        </button>
      </div>
      {values.days_off.length === 0 ? (
        <p>{t('timings.noDayOff')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('timings.daysOff')}>
          {values.days_off.map((date) => {
            const label = formatDayIn(`${date}T12:00:00Z`, 'UTC', language);
            return (
              <li key={date}>
                {label}
                <button
                  type="button"
                  className="btn-link"
                  aria-label={t('timings.removeDayOff', { date: label })}
                  onClick={() => setValues((current) => ({ ...current, days_off: current.days_off.filter((d) => d !== date) }))}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p role="status" aria-live="polite">
        {submitted && Object.keys(errors).length > 0 ? t('timings.fixErrors') : ''}
      </p>
      <ActionButton pending={save.isPending} pendingLabel={t('timings.saving')}>
        {t('timings.save')}
      </ActionButton>
    </form>
  );
}

/** The next free slots the saved schedule gives, in the consultant's zone; asked only once listed (else 404). */
function Preview({ timezone, listed }: { timezone: string; listed: boolean | undefined }) {
  const { t, i18n } = useTranslation();
  const session = useSession('consultant');
  const preview = usePreview(listed ? session.data?.account_id : undefined, timezone, todayIn(timezone));
  const slots = preview.data?.slots.slice(0, PREVIEW_COUNT) ?? [];
  return (
    <section className="card" aria-labelledby="timings-preview">
      <h2 id="timings-preview">{t('timings.preview')}</h2>
      <div role="status" aria-live="polite">
        {preview.isPending && preview.fetchStatus !== 'idle' && t('common.loading')}
        {(listed === false || preview.isError) && t('timings.previewUnavailable')}
        {preview.data && slots.length === 0 && t('timings.previewNone')}
      </div>
      {slots.length > 0 && (
        <ul>
          {slots.map((slot) => (
            <li key={slot.start}>
              {formatShortDayIn(slot.start, timezone, i18n.language)} · {formatTimeIn(slot.start, timezone, i18n.language)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
