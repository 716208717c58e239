import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { expertName } from '@/lib/expert-card';
import { formatDateTime } from '@/lib/format';
import { errorText } from '@/lib/toast';
import { zoneLabel } from '@/lib/zoned-time';
import type { PartyArea } from '../api/booking-actions';
import { bookingsQueryOptions } from '../api/get-bookings';
import { useClientDashboard, useConsultantDashboard } from '../api/get-dashboard';
import { holdOpen, type BookingRow } from '../api/types';
import { BookingDialogs } from './booking-dialogs';
import { BookingItem, type BookingDialog } from './booking-item';
import styles from './booking.module.css';
import { useNow } from './use-now';
import { useViewerZone } from '@/lib/viewer-zone';
import { clientName, ERASED } from '@/lib/erased-name';

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Rows({ area, rows, empty, zone, onDialog }: { area: PartyArea; rows: BookingRow[]; empty: string; zone: string; onDialog: (d: BookingDialog) => void }) {
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <>
      {rows.map((row) => (
        <BookingItem key={row.id} area={area} row={row} zone={zone} onDialog={onDialog} />
      ))}
    </>
  );
}

/** Loading and error states of a dashboard query. */
function QueryState({ pending, error }: { pending: boolean; error: unknown }) {
  const { t } = useTranslation();
  if (error) return <p role="alert">{errorText(error, t('errors.network'))}</p>;
  return pending ? <p role="status">{t('common.loading')}</p> : null;
}

/**
 * spec §1 consultant dashboard: the next appointment, today's visits, this week's upcoming
 * bookings, total clients and recent notes after the meeting, with reschedule and add-note.
 */
export function ConsultantDashboardCards() {
  const { t, i18n } = useTranslation();
  const query = useConsultantDashboard();
  const [dialog, setDialog] = useState<BookingDialog | null>(null);
  const zone = useViewerZone('consultant');
  const data = query.data;
  const rows = (items: BookingRow[], empty: string) => (
    <Rows area="consultant" rows={items} empty={empty} zone={zone} onDialog={setDialog} />
  );
  if (!data) return <QueryState pending={query.isPending} error={query.error} />;
  return (
    <>
      <p className={styles.zone}>{t('bookings.zone', { zone: zoneLabel(zone, i18n.language) })}</p>
      <div className={styles.grid}>
        <Card title={t('dashboards.nextAppointment')}>
          {rows(data.next_appointment ? [data.next_appointment] : [], t('dashboards.noNext'))}
        </Card>
        <Card title={t('dashboards.totalClients')}>
          <p className={styles.number}>{data.total_clients}</p>
          <p>
            <Link to={paths.consultant.myBooking.getHref()}>{t('dashboards.allBookings')}</Link>
          </p>
        </Card>
      </div>
      <Card title={t('dashboards.today')}>{rows(data.today, t('dashboards.noToday'))}</Card>
      <Card title={t('dashboards.thisWeek')}>{rows(data.this_week, t('dashboards.noWeek'))}</Card>
      <Card title={t('dashboards.recentNotes')}>
        {data.recent_notes.length === 0 ? (
          <p>{t('notes.none')}</p>
        ) : (
          data.recent_notes.map((note) => (
            <article key={note.id} className={styles.row}>
              <h3>{clientName(note.client?.name, t) ?? t('bookings.unnamed')}</h3>
              <p className={styles.zone}>
                <time dateTime={note.at}>{formatDateTime(note.at, i18n.language)}</time>
              </p>
              <p style={{ whiteSpace: 'pre-wrap' }}>{note.text === ERASED ? t('notes.erased') : note.text}</p>
              {note.client && (
                <Link to={paths.consultant.addNote.getHref(note.booking_id ?? undefined, note.client.id)}>
                  {t('dashboards.moreNotes', { name: clientName(note.client.name, t) ?? t('bookings.unnamed') })}
                </Link>
              )}
            </article>
          ))
        )}
      </Card>
      <BookingDialogs area="consultant" dialog={dialog} zone={zone} onClose={() => setDialog(null)} />
    </>
  );
}

/**
 * spec §2 client dashboard: the next session (join when the room is open), history and
 * favourites; first, any unpaid hold still open, with its countdown and "complete payment".
 */
export function ClientDashboardCards() {
  const { t, i18n } = useTranslation();
  const query = useClientDashboard();
  // The dashboard's next session is a confirmed one: unpaid holds come from the held list.
  const held = useQuery({ ...bookingsQueryOptions('client', { status: 'held', page: 1 }), meta: { silent: true } });
  const now = useNow();
  const [dialog, setDialog] = useState<BookingDialog | null>(null);
  const zone = useViewerZone('client');
  const data = query.data;
  const holds = (held.data?.items ?? []).filter((row) => holdOpen(row, now));
  if (!data) return <QueryState pending={query.isPending} error={query.error} />;
  return (
    <>
      <p className={styles.zone}>{t('bookings.zone', { zone: zoneLabel(zone, i18n.language) })}</p>
      {holds.length > 0 && (
        <Card title={t('dashboards.pendingPayment')}>
          <Rows area="client" rows={holds} empty="" zone={zone} onDialog={setDialog} />
        </Card>
      )}
      <Card title={t('dashboards.nextSession')}>
        <Rows
          area="client"
          rows={data.next_session ? [data.next_session] : []}
          empty={t('dashboards.noNextSession')}
          zone={zone}
          onDialog={setDialog}
        />
        <p>
          <Link to={paths.ourExperts.getHref()}>{t('dashboards.findExpert')}</Link>
        </p>
      </Card>
      <Card title={t('dashboards.history')}>
        <Rows area="client" rows={data.history} empty={t('dashboards.noHistory')} zone={zone} onDialog={setDialog} />
        {data.history.length > 0 && (
          <p>
            <Link to={paths.client.myBooking.getHref()}>{t('dashboards.allMyBookings')}</Link>
          </p>
        )}
      </Card>
      <Card title={t('dashboards.favourites')}>
        {data.favourites.length === 0 ? (
          <p>{t('dashboards.noFavourites')}</p>
        ) : (
          <ul>
            {data.favourites.map((expert) => (
              <li key={expert.id}>
                <Link to={paths.expertDetails.getHref(expert.id)}>{expertName(expert, t('registration.titles.dr'))}</Link>
                {expert.profession ? ` — ${expert.profession}` : ''}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <BookingDialogs area="client" dialog={dialog} zone={zone} onClose={() => setDialog(null)} />
    </>
  );
}
