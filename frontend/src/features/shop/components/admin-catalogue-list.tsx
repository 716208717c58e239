import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import { ActionButton } from '@/components/ui/action-button';
import { DataTable } from '@/components/ui/data-table';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { ListStatus } from '@/components/ui/list-status';
import listStyles from '@/components/ui/list.module.css';
import { pageCountOf } from '@/components/ui/page-count';
import { Pagination } from '@/components/ui/pagination';
import { SearchForm } from '@/components/ui/search-form';
import { useListParams } from '@/components/ui/use-list-params';
import { paths } from '@/config/paths';
import { useAdminCatalogue, useCatalogueAction, type CatalogueRef } from '../api/admin-catalogue';
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
  const [target, setTarget] = useState<CatalogueRef | null>(null);
  const title = t(trashed ? 'adminProducts.titles.catalogueTrash' : 'adminProducts.titles.catalogue');
  const data = list.data;
  const columns = {
    name: t('adminCatalogue.columns.name'),
    kind: t('adminCatalogue.columns.kind'),
    actions: t('adminProducts.columns.actions'),
  };
  const close = () => setTarget(null);

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
                    {trashed ? (
                      <ActionButton
                        type="button"
                        className="btn btn-secondary btn-small"
                        pending={restore.isPending && restore.variables.id === row.id}
                        aria-label={t('adminProducts.restoreNamed', { title: row.name_fr })}
                        onClick={() => restore.mutate(item)}
                      >
                        {t('adminProducts.restore')}
                      </ActionButton>
                    ) : (
                      <div className={listStyles.actions}>
                        <Link
                          className="btn btn-secondary btn-small"
                          to={screens.catalogueEdit.getHref(row.id)}
                          aria-label={t('adminProducts.editNamed', { title: row.name_fr })}
                        >
                          {t('adminProducts.edit')}
                        </Link>
                        <button
                          type="button"
                          className="btn btn-secondary btn-small"
                          aria-label={t('adminProducts.trashNamed', { title: row.name_fr })}
                          onClick={() => setTarget(item)}
                        >
                          {t('adminProducts.trash')}
                        </button>
                      </div>
                    )}
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
      {target && (
        <Dialog title={t('adminCatalogue.confirmTitle')} onClose={close}>
          <p>{t('adminCatalogue.confirmText', { name: target.name })}</p>
          <DialogActions>
            <button type="button" className="btn btn-secondary" onClick={close}>
              {t('adminProducts.cancel')}
            </button>
            <ActionButton type="button" pending={trash.isPending} onClick={() => trash.mutate(target, { onSuccess: close })}>
              {t('adminProducts.confirmTrash')}
            </ActionButton>
          </DialogActions>
        </Dialog>
      )}
    </div>
  );
}
