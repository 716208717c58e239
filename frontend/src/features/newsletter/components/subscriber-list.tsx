import { useTranslation } from 'react-i18next';
import { PeopleList } from '@/components/ui/people-list';
import { useListParams } from '@/components/ui/use-list-params';
import { useViewerZone } from '@/lib/viewer-zone';
import { formatShortDateTimeIn } from '@/lib/zoned-time';
import {
  SUBSCRIBER_STATUSES,
  subscribersExportHref,
  useDeleteSubscriber,
  useSubscribers,
  type NewsletterSubscriber,
} from '../api/newsletter-subscribers';

/**
 * Ours (issue 13) admin `view-newsletter-subscribers`: the newsletter's addresses, newest request first,
 * 20 a page, searched by address and filtered by status (kept in the address), the CSV export of the same
 * filter; an address is erased on request once the administrator confirms.
 */
export function SubscriberList() {
  const { t, i18n } = useTranslation();
  const { search, page, filters, goTo } = useListParams(['status'] as const);
  const status = (SUBSCRIBER_STATUSES as readonly string[]).includes(filters.status) ? filters.status : '';
  const list = useSubscribers({ search, status, page });
  const remove = useDeleteSubscriber();
  const zone = useViewerZone('admin');
  const date = (value: string | null) => (value ? formatShortDateTimeIn(value, zone, i18n.language) : '—');
  const k = 'adminLists.newsletter';
  const columns = {
    email: t(`${k}.columns.email`),
    status: t(`${k}.columns.status`),
    language: t('adminLists.columns.language'),
    requested: t(`${k}.columns.requested`),
    confirmed: t(`${k}.columns.confirmed`),
    actions: t('adminLists.columns.actions'),
  };

  return (
    <PeopleList<NewsletterSubscriber>
      texts={{
        title: t('adminLists.titles.newsletter'),
        search: t(`${k}.search`),
        exportCsv: t('adminLists.exportCsv'),
        total: (count) => t(`${k}.total`, { count }),
        empty: t(`${k}.empty`),
        noMatch: t('adminLists.noMatch'),
        deleteLabel: (row) => t(`${k}.deleteFrom`, { email: row.email }),
        confirmTitle: t(`${k}.confirmTitle`),
        confirmText: (row) => t(`${k}.confirmText`, { email: row.email }),
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
          ...SUBSCRIBER_STATUSES.map((value) => ({ value, label: t(`${k}.statuses.${value}`) })),
        ],
        onChange: (value) => goTo({ filters: { status: value } }),
      }}
      list={list}
      exportHref={subscribersExportHref({ search, status })}
      columns={Object.values(columns)}
      rowKey={(row) => row.key}
      cells={(row) => (
        <>
          <th scope="row" data-label={columns.email} style={{ overflowWrap: 'anywhere' }}>
            {row.email}
          </th>
          <td data-label={columns.status}>{t(`${k}.statuses.${row.status}`)}</td>
          <td data-label={columns.language}>{t(`adminLists.languages.${row.language}`)}</td>
          <td data-label={columns.requested}>{date(row.requested_at)}</td>
          <td data-label={columns.confirmed}>{date(row.confirmed_at)}</td>
        </>
      )}
      remove={remove}
    />
  );
}
