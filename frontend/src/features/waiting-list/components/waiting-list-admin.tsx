import { useTranslation } from 'react-i18next';
import { PeopleList } from '@/components/ui/people-list';
import { useListParams } from '@/components/ui/use-list-params';
import { useViewerZone } from '@/lib/viewer-zone';
import { formatShortDateTimeIn } from '@/lib/zoned-time';
import {
  useDeleteWaitingListEntry,
  useWaitingList,
  WAITING_LIST_STATUSES,
  waitingListExportHref,
  type WaitingListEntry,
} from '../api/waiting-list-entries';

/** A calendar day (`YYYY-MM-DD`) as the reader writes it, the day itself (no zone shift). */
const formatDay = (day: string, language: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'fr-FR', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * spec §2 admin `view-user-waiting-list`: the entries oldest first (the order they are served in), 20 a
 * page, searched by address and expert, filtered by status (kept in the address), the CSV export of the
 * same filter; an entry is deleted on request once the administrator confirms.
 */
export function WaitingListAdmin() {
  const { t, i18n } = useTranslation();
  const { search, page, filters, goTo } = useListParams(['status'] as const);
  const status = (WAITING_LIST_STATUSES as readonly string[]).includes(filters.status) ? filters.status : '';
  const list = useWaitingList({ search, status, page });
  const remove = useDeleteWaitingListEntry();
  const zone = useViewerZone('admin');
  const date = (value: string | null) => (value ? formatShortDateTimeIn(value, zone, i18n.language) : '—');
  const k = 'adminLists.waitingList';
  const columns = {
    email: t(`${k}.columns.email`),
    for: t(`${k}.columns.for`),
    days: t(`${k}.columns.days`),
    joined: t(`${k}.columns.joined`),
    mailed: t(`${k}.columns.mailed`),
    mails: t(`${k}.columns.mails`),
    status: t(`${k}.columns.status`),
    actions: t('adminLists.columns.actions'),
  };
  const waitsFor = (row: WaitingListEntry) =>
    row.consultant_id
      ? t(`${k}.expert`, { name: row.consultant_name ?? '—' })
      : t(`${k}.speciality`, {
          name: (i18n.language === 'en' ? row.specialization_name_en : row.specialization_name_fr) ?? '—',
        });

  return (
    <PeopleList<WaitingListEntry>
      texts={{
        title: t('adminLists.titles.waitingList'),
        search: t(`${k}.search`),
        exportCsv: t('adminLists.exportCsv'),
        total: (count) => t(`${k}.total`, { count }),
        empty: t(`${k}.empty`),
        noMatch: t('adminLists.noMatch'),
        deleteLabel: (row) => t(`${k}.deleteFrom`, { email: row.email }),
        confirmTitle: t(`${k}.confirmTitle`),
        confirmText: (row) => t(`${k}.confirmText`, { email: row.email, for: waitsFor(row) }),
      }}
      search={search}
      page={page}
      onSearch={(value) => goTo({ search: value })}
      onPage={(next) => goTo({ page: next })}
      statusFilter={{
        label: t('adminLists.statusFilter'),
        value: status,
        options: [
          { value: '', label: t('adminLists.allStatuses') },
          ...WAITING_LIST_STATUSES.map((value) => ({ value, label: t(`${k}.statuses.${value}`) })),
        ],
        onChange: (value) => goTo({ filters: { status: value } }),
      }}
      list={list}
      exportHref={waitingListExportHref({ search, status })}
      columns={Object.values(columns)}
      rowKey={(row) => row.entry_id}
      cells={(row) => (
        <>
          <th scope="row" data-label={columns.email} style={{ overflowWrap: 'anywhere' }}>
            {row.email}
          </th>
          <td data-label={columns.for}>{waitsFor(row)}</td>
          <td data-label={columns.days}>
            {t(`${k}.range`, { from: formatDay(row.from, i18n.language), to: formatDay(row.to, i18n.language) })}
          </td>
          <td data-label={columns.joined}>{date(row.joined_at)}</td>
          <td data-label={columns.mailed}>{date(row.notified_at)}</td>
          <td data-label={columns.mails}>{row.notifications}</td>
          <td data-label={columns.status}>{t(`${k}.statuses.${row.status}`)}</td>
        </>
      )}
      remove={remove}
    />
  );
}
