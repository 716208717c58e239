import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountStatusBadge } from '@/components/account/account-status-badge';
import { PageTitle } from '@/components/layouts/page-title';
import { ListStatus } from '@/components/ui/list-status';
import listStyles from '@/components/ui/list.module.css';
import { pageCountOf } from '@/components/ui/page-count';
import { Pagination } from '@/components/ui/pagination';
import { SearchForm } from '@/components/ui/search-form';
import { useListParams } from '@/components/ui/use-list-params';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useClients } from '../api/get-clients';

/** spec §2 admin `client`: search on names and e-mail, pages of 20. */
export function ClientList() {
  const { t, i18n } = useTranslation();
  const { search, page, goTo } = useListParams();
  const list = useClients({ search, page });
  const captionId = useId();
  const title = t('adminClients.title');
  const data = list.data;
  const columns = {
    name: t('adminClients.columns.name'),
    email: t('adminClients.columns.email'),
    country: t('adminClients.columns.country'),
    registered: t('adminClients.columns.registered'),
  };
  return (
    <div className="stack">
      <PageTitle>{title}</PageTitle>
      <div className={listStyles.toolbar}>
        <SearchForm value={search} onSearch={(value) => goTo({ search: value })} label={t('adminClients.search')} />
      </div>
      <div className="card">
        <ListStatus list={list} totalText={(count) => t('adminClients.total', { count })} />
        {data && data.items.length > 0 && (
          <div className={listStyles.tableWrap}>
            <table className={listStyles.table} aria-labelledby={captionId}>
              <caption id={captionId} className="visually-hidden">
                {title}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{columns.name}</th>
                  <th scope="col">{columns.email}</th>
                  <th scope="col">{columns.country}</th>
                  <th scope="col">{columns.registered}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((row) => (
                  <tr key={row.id}>
                    <th scope="row" data-label={columns.name}>
                      <Link to={paths.admin.clients.profile.getHref(row.id)}>
                        {row.given_name} {row.family_name}
                      </Link>
                      <AccountStatusBadge status={row.account_status} />
                    </th>
                    <td data-label={columns.email}>{row.email}</td>
                    <td data-label={columns.country}>{row.country_of_residence}</td>
                    <td data-label={columns.registered}>{formatDateTime(row.registered_at, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && data.items.length === 0 && <p>{t(search ? 'adminClients.noMatch' : 'adminClients.empty')}</p>}
        {data && <Pagination page={page} pageCount={pageCountOf(data)} onPage={(next) => goTo({ page: next })} />}
      </div>
    </div>
  );
}
