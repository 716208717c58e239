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
import { useConsultants } from '../api/get-consultants';
import { CONSULTANT_STATUSES } from '../api/types';
import styles from './admin-consultants.module.css';
import { StatusBadge } from './status-badge';

/** spec §2 admin `consultant`: search on names and e-mail, a status filter, pages of 20. */
export function ConsultantList() {
  const { t, i18n } = useTranslation();
  const { search, page, filters, goTo } = useListParams(['status'] as const);
  const status = (CONSULTANT_STATUSES as readonly string[]).includes(filters.status) ? filters.status : '';
  const list = useConsultants({ search, status, page });
  const captionId = useId();
  const statusId = useId();
  const title = t('adminConsultants.title');
  const data = list.data;
  const columns = {
    name: t('adminConsultants.columns.name'),
    email: t('adminConsultants.columns.email'),
    profession: t('adminConsultants.columns.profession'),
    status: t('adminConsultants.columns.status'),
    submitted: t('adminConsultants.columns.submitted'),
  };

  return (
    <div className="stack">
      <PageTitle>{title}</PageTitle>
      <div className={listStyles.toolbar}>
        <SearchForm value={search} onSearch={(value) => goTo({ search: value })} label={t('adminConsultants.search')} />
        <div className={listStyles.search}>
          <label htmlFor={statusId}>
            {t('adminConsultants.statusFilter')}
            <select
              id={statusId}
              value={status}
              onChange={(event) => goTo({ filters: { status: event.target.value } })}
            >
              <option value="">{t('adminConsultants.allStatuses')}</option>
              {CONSULTANT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`adminConsultants.statuses.${value}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>

      <div className="card">
        <ListStatus list={list} totalText={(count) => t('adminConsultants.total', { count })} />
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
                  <th scope="col">{columns.profession}</th>
                  <th scope="col">{columns.status}</th>
                  <th scope="col">{columns.submitted}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((row) => (
                  <tr key={row.id}>
                    <th scope="row" data-label={columns.name}>
                      <Link to={paths.admin.consultants.profile.getHref(row.id)}>
                        {row.given_name} {row.family_name}
                      </Link>
                    </th>
                    <td data-label={columns.email}>{row.email}</td>
                    <td data-label={columns.profession}>{row.profession}</td>
                    <td data-label={columns.status}>
                      <StatusBadge status={row.status} />
                      <AccountStatusBadge status={row.account_status} />
                      {row.has_unreviewed_changes && (
                        <span className={styles.flag}>{t('adminConsultants.changesToReview')}</span>
                      )}
                    </td>
                    <td data-label={columns.submitted}>{formatDateTime(row.submitted_at, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && data.items.length === 0 && (
          <p>{t(search || status ? 'adminConsultants.noMatch' : 'adminConsultants.empty')}</p>
        )}
        {data && <Pagination page={page} pageCount={pageCountOf(data)} onPage={(next) => goTo({ page: next })} />}
      </div>
    </div>
  );
}
