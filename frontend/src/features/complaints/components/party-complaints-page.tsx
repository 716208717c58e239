import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import listStyles from '@/components/ui/list.module.css';
import { useListParams } from '@/components/ui/use-list-params';
import { paths } from '@/config/paths';
import { useViewerZone } from '@/lib/viewer-zone';
import { formatShortDateTimeIn } from '@/lib/zoned-time';
import { useComplaints, type ComplaintScope } from '../api/get-complaints';
import { COMPLAINT_STATUSES, type ComplaintRow, type PartyArea } from '../api/types';
import { ComplaintsTable } from './complaints-table';
import { partyName } from './party-name';

type Props = { area: PartyArea; scope: ComplaintScope };

/**
 * spec §2 client and consultant `view-complaint-by-me` and `view-complaint-against`: the caller's complaints
 * (latest filed first) with status, type, subject, the other party, the booking's date and the filing date.
 */
export function PartyComplaintsPage({ area, scope }: Props) {
  const { t, i18n } = useTranslation();
  const { page, filters, goTo } = useListParams(['status'] as const);
  const status = (COMPLAINT_STATUSES as readonly string[]).includes(filters.status) ? filters.status : '';
  const list = useComplaints(area, { scope, status: status || undefined, page });
  const zone = useViewerZone(area);
  const ids = { status: useId() };
  const title = t(scope === 'by_me' ? 'complaints.titles.byMe' : 'complaints.titles.against');
  const date = (value: string | null | undefined) => (value ? formatShortDateTimeIn(value, zone, i18n.language) : '—');
  const other = (row: ComplaintRow) => {
    const party = scope === 'by_me' ? row.respondent : row.author;
    return party ? partyName(party, t) || t('complaints.unnamed') : t('complaints.list.platform');
  };

  return (
    <div className="stack">
      <PageTitle>{title}</PageTitle>
      <div className={listStyles.toolbar}>
        <div className={listStyles.search}>
          <label htmlFor={ids.status}>
            {t('complaints.list.statusFilter')}
            <select id={ids.status} value={status} onChange={(event) => goTo({ filters: { status: event.target.value } })}>
              <option value="">{t('complaints.list.allStatuses')}</option>
              {COMPLAINT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`complaints.status.${value}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {scope === 'by_me' && (
          <Link className="btn" to={paths[area].addComplaint.getHref()}>
            {t('complaints.menu.add')}
          </Link>
        )}
      </div>
      <ComplaintsTable
        title={title}
        list={list}
        empty={t(scope === 'by_me' ? 'complaints.list.emptyByMe' : 'complaints.list.emptyAgainst')}
        href={(row) => paths[area].complaint.getHref(row.id)}
        partyColumns={[
          {
            key: 'other',
            label: t(scope === 'by_me' ? 'complaints.list.columns.against' : 'complaints.list.columns.by'),
            cell: other,
          },
        ]}
        booking={(row) => date(row.booking?.start)}
        date={date}
        page={page}
        onPage={(next) => goTo({ page: next })}
      />
    </div>
  );
}
