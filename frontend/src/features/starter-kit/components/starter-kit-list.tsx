import { useTranslation } from 'react-i18next';
import { PeopleList } from '@/components/ui/people-list';
import { useListParams } from '@/components/ui/use-list-params';
import { useViewerZone } from '@/lib/viewer-zone';
import { formatShortDateTimeIn } from '@/lib/zoned-time';
import {
  starterKitsExportHref,
  useDeleteStarterKitRequest,
  useStarterKitRequests,
  type StarterKitRequest,
} from '../api/starter-kit-requests';

/**
 * spec §2 admin `view-user-starter-kit-requests`: who asked for the starter kit, newest first, 20 a page,
 * searched by name and address (kept in the address), the CSV export of the same search; a request is
 * erased on request once the administrator confirms.
 */
export function StarterKitList() {
  const { t, i18n } = useTranslation();
  const { search, page, goTo } = useListParams();
  const list = useStarterKitRequests({ search, page });
  const remove = useDeleteStarterKitRequest();
  const zone = useViewerZone('admin');
  const k = 'adminLists.starterKits';
  const columns = {
    requested: t(`${k}.columns.requested`),
    name: t(`${k}.columns.name`),
    email: t(`${k}.columns.email`),
    language: t('adminLists.columns.language'),
    actions: t('adminLists.columns.actions'),
  };

  return (
    <PeopleList<StarterKitRequest>
      texts={{
        title: t('adminLists.titles.starterKits'),
        search: t(`${k}.search`),
        exportCsv: t('adminLists.exportCsv'),
        total: (count) => t(`${k}.total`, { count }),
        empty: t(`${k}.empty`),
        noMatch: t('adminLists.noMatch'),
        deleteLabel: (row) => t(`${k}.deleteFrom`, { name: row.name }),
        confirmTitle: t(`${k}.confirmTitle`),
        confirmText: (row) => t(`${k}.confirmText`, { name: row.name, email: row.email }),
      }}
      search={search}
      page={page}
      onSearch={(value) => goTo({ search: value })}
      onPage={(next) => goTo({ page: next })}
      list={list}
      exportHref={starterKitsExportHref(search)}
      columns={Object.values(columns)}
      rowKey={(row) => row.request_id}
      cells={(row) => (
        <>
          <td data-label={columns.requested}>{formatShortDateTimeIn(row.requested_at, zone, i18n.language)}</td>
          <th scope="row" data-label={columns.name} style={{ overflowWrap: 'anywhere' }}>
            {row.name}
          </th>
          <td data-label={columns.email} style={{ overflowWrap: 'anywhere' }}>
            <a href={`mailto:${row.email}`}>{row.email}</a>
          </td>
          <td data-label={columns.language}>{t(`adminLists.languages.${row.language}`)}</td>
        </>
      )}
      remove={remove}
    />
  );
}
