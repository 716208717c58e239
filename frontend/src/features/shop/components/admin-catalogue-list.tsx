import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import { DataTable } from '@/components/ui/data-table';
import { ListStatus } from '@/components/ui/list-status';
import listStyles from '@/components/ui/list.module.css';
import { pageCountOf } from '@/components/ui/page-count';
import { Pagination } from '@/components/ui/pagination';
import { RowActions } from '@/components/ui/row-actions';
import { SearchForm } from '@/components/ui/search-form';
import { useListParams } from '@/components/ui/use-list-params';
import { paths } from '@/config/paths';
import { useAdminCatalogue, useCatalogueAction } from '../api/admin-catalogue';
import { CATALOGUE_KINDS } from '../api/types';

const screens = paths.admin.digitalProducts;

/**
 * Our admin lifestyle catalogue (issue 13) and its trash: items by French name, 20 a page, searched and
 * filtered by kind in the address; to the trash after confirmation, and back.
 */
export function AdminCatalogueList({ trashed }: { trashed: boolean }) {
  const { t } = useTranslation();
  const { search, page, filters, goTo } = useListParams(['kind'] as const);
  const list = useAdminCatalogue({ trashed, search, kind: filters.kind, page });
  const trash = useCatalogueAction('trash');
  const restore = useCatalogueAction('restore');
  const title = t(trashed ? 'adminProducts.titles.catalogueTrash' : 'adminProducts.titles.catalogue');
  const data = list.data;
  const columns = {
    name: t('adminCatalogue.columns.name'),
    kind: t('adminCatalogue.columns.kind'),
    actions: t('adminProducts.columns.actions'),
  };

  return (
    <div className="stack">
      <PageTitle>{title}</PageTitle>
      <div className={listStyles.toolbar}>
        <SearchForm value={search} onSearch={(value) => goTo({ search: value })} label={t('adminCatalogue.search')}>
          <label>
            {t('adminCatalogue.fields.kind')}
            <select value={filters.kind} onChange={(event) => goTo({ filters: { kind: event.target.value } })}>
              <option value="">{t('adminCatalogue.allKinds')}</option>
              {CATALOGUE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`adminCatalogue.kinds.${kind}`)}
                </option>
              ))}
            </select>
          </label>
        </SearchForm>
        <div className={listStyles.actions}>
          {trashed ? (
            <Link className="btn btn-secondary" to={screens.catalogue.getHref()}>
              {t('adminProducts.titles.catalogue')}
            </Link>
          ) : (
            <>
              <Link className="btn" to={screens.catalogueAdd.getHref()}>
                {t('adminProducts.titles.catalogueAdd')}
              </Link>
              <Link className="btn btn-secondary" to={screens.catalogueTrash.getHref()}>
                {t('adminProducts.titles.catalogueTrash')}
              </Link>
            </>
          )}
        </div>
      </div>
      <div className="card">
        <ListStatus list={list} totalText={(count) => t('adminProducts.total', { count })} />
        {data && data.items.length > 0 && (
          <DataTable caption={title} columns={Object.values(columns)}>
            {data.items.map((row) => {
              const item = { id: row.id, name: row.name_fr };
              return (
                <tr key={row.id}>
                  <th scope="row" data-label={columns.name}>
                    <span lang="fr">{row.name_fr}</span>
                  </th>
                  <td data-label={columns.kind}>{t(`adminCatalogue.kinds.${row.kind}`)}</td>
                  <td data-label={columns.actions}>
                    <RowActions
                      trashed={trashed}
                      texts="adminProducts"
                      named={{ title: row.name_fr }}
                      editTo={screens.catalogueEdit.getHref(row.id)}
                      confirm={{ title: t('adminCatalogue.confirmTitle'), text: t('adminCatalogue.confirmText', { name: item.name }) }}
                      onTrash={(close) => trash.mutate(item, { onSuccess: close })}
                      trashPending={trash.isPending}
                      onRestore={() => restore.mutate(item)}
                      restorePending={restore.isPending && restore.variables.id === row.id}
                    />
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
        {data && data.items.length === 0 && (
          <p>{t(search || filters.kind ? 'adminProducts.noMatch' : trashed ? 'adminProducts.emptyTrash' : 'adminCatalogue.empty')}</p>
        )}
        {data && <Pagination page={page} pageCount={pageCountOf(data)} onPage={(next) => goTo({ page: next })} />}
      </div>
    </div>
  );
}
