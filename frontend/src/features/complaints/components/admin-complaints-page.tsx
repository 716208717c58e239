import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import listStyles from '@/components/ui/list.module.css';
import { paths } from '@/config/paths';
import { localName, usePublicReferenceItems } from '@/lib/public-reference';
import { useViewerZone } from '@/lib/viewer-zone';
import { formatShortDateTimeIn } from '@/lib/zoned-time';
import { complaintsExportHref, useAdminComplaints, type AdminListParams } from '../api/get-admin-complaints';
import { COMPLAINT_STATUSES, type ComplaintParty, type PartyRole } from '../api/types';
import { ComplaintsTable } from './complaints-table';
import { partyName } from './party-name';

const KEYS = ['q', 'status', 'type_id', 'party_id', 'party', 'booking_id', 'from', 'to'] as const;
type Key = (typeof KEYS)[number];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const readPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/**
 * spec §2 admin `view-complaint-client` and `view-complaint-consultant`: the complaints filed by clients or by
 * consultants, 20 a page, open ones oldest first (the server's order); filters (status, type, a party picked in
 * the table, booking, filing days, words of the subject or names) live in the address; the CSV export takes them.
 */
export function AdminComplaintsPage({ authorRole }: { authorRole: PartyRole }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const value = (key: Key) => params.get(key) ?? '';
  const page = readPage(params.get('page'));
  const status = (COMPLAINT_STATUSES as readonly string[]).includes(value('status')) ? value('status') : '';
  const types = usePublicReferenceItems('complaint-types');
  const query: AdminListParams = {
    author_role: authorRole,
    page,
    status: status || undefined,
    type_id: value('type_id') || undefined,
    party_id: value('party_id') || undefined,
    booking_id: value('booking_id') || undefined,
    from: DAY.test(value('from')) ? value('from') : undefined,
    to: DAY.test(value('to')) ? value('to') : undefined,
    q: value('q') || undefined,
  };
  const list = useAdminComplaints(query);
  const [draft, setDraft] = useState({ q: value('q'), from: value('from'), to: value('to'), booking_id: value('booking_id') });
  const zone = useViewerZone('admin');
  const ids = { q: useId(), status: useId(), type: useId(), from: useId(), to: useId(), booking: useId() };
  const title = t(authorRole === 'client' ? 'complaints.titles.adminClient' : 'complaints.titles.adminConsultant');
  const date = (at: string | null | undefined) => (at ? formatShortDateTimeIn(at, zone, i18n.language) : '—');

  /** Reads the latest address (several filters may change before a render); a new filter starts at page 1. */
  const goTo = (next: Partial<Record<Key, string>>, nextPage = 1) =>
    setParams((current) => {
      const merged = new URLSearchParams();
      for (const key of KEYS) {
        const v = key in next ? next[key] : current.get(key);
        if (v) merged.set(key, v);
      }
      if (nextPage > 1) merged.set('page', String(nextPage));
      return merged;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    goTo({ q: draft.q.trim(), from: draft.from, to: draft.to, booking_id: draft.booking_id.trim() });
  };

  const partyButton = (party: ComplaintParty | null) =>
    party ? (
      <button
        type="button"
        className="btn-link"
        aria-label={t('complaints.admin.filterBy', { name: partyName(party, t) || party.id })}
        onClick={() => goTo({ party_id: party.id, party: partyName(party, t) || party.id })}
      >
        {partyName(party, t) || t('complaints.unnamed')}
      </button>
    ) : (
      t('complaints.list.platform')
    );

  return (
    <div className="stack">
      <PageTitle>{title}</PageTitle>
      <form role="search" className={listStyles.search} onSubmit={submit} aria-label={t('complaints.admin.filters')}>
        <label htmlFor={ids.q}>
          {t('complaints.admin.search')}
          <input id={ids.q} type="search" maxLength={200} value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
        </label>
        <label htmlFor={ids.from}>
          {t('complaints.admin.from')}
          <input id={ids.from} type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </label>
        <label htmlFor={ids.to}>
          {t('complaints.admin.to')}
          <input id={ids.to} type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </label>
        <label htmlFor={ids.booking}>
          {t('complaints.admin.bookingId')}
          <input
            id={ids.booking}
            type="text"
            spellCheck={false}
            maxLength={36}
            value={draft.booking_id}
            onChange={(e) => setDraft({ ...draft, booking_id: e.target.value })}
          />
        </label>
        <button type="submit" className="btn btn-secondary">
          {t('complaints.admin.apply')}
        </button>
      </form>
      <div className={listStyles.toolbar}>
        <div className={listStyles.search}>
          <label htmlFor={ids.status}>
            {t('complaints.list.statusFilter')}
            <select id={ids.status} value={status} onChange={(e) => goTo({ status: e.target.value })}>
              <option value="">{t('complaints.list.allStatuses')}</option>
              {COMPLAINT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`complaints.status.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={ids.type}>
            {t('complaints.admin.type')}
            <select id={ids.type} value={value('type_id')} onChange={(e) => goTo({ type_id: e.target.value })}>
              <option value="">{t('complaints.admin.allTypes')}</option>
              {(types.data ?? []).map((item) => (
                <option key={item.id} value={item.id}>
                  {localName(item, i18n.language)}
                </option>
              ))}
            </select>
          </label>
          {value('party_id') && (
            <button type="button" className="btn btn-secondary btn-small" onClick={() => goTo({ party_id: '', party: '' })}>
              {t('complaints.admin.clearParty', { name: value('party') || value('party_id') })}
            </button>
          )}
        </div>
        <a className="btn btn-secondary" href={complaintsExportHref(query)} download>
          {t('complaints.admin.exportCsv')}
        </a>
      </div>
      <ComplaintsTable
        title={title}
        list={list}
        empty={t('complaints.admin.none')}
        href={(row) => paths.admin.complaints.edit.getHref(row.id)}
        partyColumns={[
          { key: 'author', label: t('complaints.list.columns.by'), cell: (row) => partyButton(row.author) },
          { key: 'respondent', label: t('complaints.list.columns.against'), cell: (row) => partyButton(row.respondent) },
        ]}
        booking={(row) => row.booking && <Link to={paths.admin.bookingDetail.getHref(row.booking.id)}>{date(row.booking.start)}</Link>}
        date={date}
        page={page}
        onPage={(next) => goTo({}, next)}
      />
    </div>
  );
}
