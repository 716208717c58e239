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
import { formatPrice } from '@/lib/format';
import { useAdminProducts, useProductAction } from '../api/admin-products';

const PRICE_FILTERS = ['', 'free', 'paid'] as const;

/**
 * spec §2 admin `view-digital-product` and `view-trash-digital-product`: the products by French title,
 * 20 a page, searched and filtered (free or paid) in the address; to the trash after confirmation, and back.
 */
export function AdminProductList({ trashed }: { trashed: boolean }) {
  const { t, i18n } = useTranslation();
  const { search, page, filters, goTo } = useListParams(['price'] as const);
  const list = useAdminProducts({ trashed, search, price: filters.price, page });
  const trash = useProductAction('trash');
  const restore = useProductAction('restore');
  const title = t(trashed ? 'adminProducts.titles.trash' : 'adminProducts.titles.view');
  const data = list.data;
  const columns = {
    title: t('adminProducts.columns.title'),
    price: t('adminProducts.columns.price'),
    actions: t('adminProducts.columns.actions'),
  };

  return (
    <div className="stack">
      <PageTitle>{title}</PageTitle>
      <div className={listStyles.toolbar}>
        <SearchForm value={search} onSearch={(value) => goTo({ search: value })} label={t('adminProducts.search')}>
          <label>
            {t('adminProducts.priceFilter')}
            <select value={filters.price} onChange={(event) => goTo({ filters: { price: event.target.value } })}>
              {PRICE_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {t(`adminProducts.prices.${value || 'all'}`)}
                </option>
              ))}
            </select>
          </label>
        </SearchForm>
        <div className={listStyles.actions}>
          {trashed ? (
            <Link className="btn btn-secondary" to={paths.admin.digitalProducts.view.getHref()}>
              {t('adminProducts.titles.view')}
            </Link>
          ) : (
            <>
              <Link className="btn" to={paths.admin.digitalProducts.add.getHref()}>
                {t('adminProducts.titles.add')}
              </Link>
              <Link className="btn btn-secondary" to={paths.admin.digitalProducts.trash.getHref()}>
                {t('adminProducts.titles.trash')}
              </Link>
              <Link className="btn btn-secondary" to={paths.admin.digitalProducts.catalogue.getHref()}>
                {t('adminProducts.titles.catalogue')}
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
              const product = { id: row.id, title: row.title_fr };
              return (
                <tr key={row.id}>
                  <th scope="row" data-label={columns.title}>
                    <span lang="fr">{row.title_fr}</span>
                  </th>
                  <td data-label={columns.price}>
                    {row.free ? t('adminProducts.prices.free') : formatPrice(row.price.amount_minor, row.price.currency, i18n.language)}
                  </td>
                  <td data-label={columns.actions}>
                    <RowActions
                      trashed={trashed}
                      texts="adminProducts"
                      named={{ title: row.title_fr }}
                      editTo={paths.admin.digitalProducts.edit.getHref(row.id)}
                      confirm={{ title: t('adminProducts.confirmTitle'), text: t('adminProducts.confirmText', { title: product.title }) }}
                      onTrash={(close) => trash.mutate(product, { onSuccess: close })}
                      trashPending={trash.isPending}
                      onRestore={() => restore.mutate(product)}
                      restorePending={restore.isPending && restore.variables.id === row.id}
                    />
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
        {data && data.items.length === 0 && (
          <p>{t(search || filters.price ? 'adminProducts.noMatch' : trashed ? 'adminProducts.emptyTrash' : 'adminProducts.empty')}</p>
        )}
        {data && <Pagination page={page} pageCount={pageCountOf(data)} onPage={(next) => goTo({ page: next })} />}
      </div>
    </div>
  );
}
