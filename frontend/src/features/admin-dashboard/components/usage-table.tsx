import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/ui/data-table';
import { errorText } from '@/lib/toast';
import { USAGE_WEEKS, useUsage, type UsageRow } from '../api/get-usage';
import styles from './admin-dashboard.module.css';
import { formatCount } from './format';

/** `2026-W48` → "Semaine 48 de 2026" (the code as it is when it has another shape). */
const useWeekLabel = () => {
  const { t } = useTranslation();
  return (week: string) => {
    const match = /^(\d{4})-W(\d{2})$/.exec(week);
    return match ? t('adminDashboard.usage.weekOf', { week: Number(match[2]), year: match[1] }) : week;
  };
};

/**
 * « Fréquentation (avec consentement) »: the last 12 weeks of the area screens' visits counted
 * with the visitors' consent (anonymised), as a table, newest week first.
 */
export function UsageTable() {
  const { t, i18n } = useTranslation();
  const usage = useUsage(USAGE_WEEKS);
  const headingId = useId();
  const title = t('adminDashboard.usage.title');
  const columns = {
    week: t('adminDashboard.usage.week'),
    page: t('adminDashboard.usage.page'),
    role: t('adminDashboard.usage.role'),
    views: t('adminDashboard.usage.views'),
    people: t('adminDashboard.usage.people'),
  };
  const weekLabel = useWeekLabel();
  const rows = usage.data?.items ?? [];
  const pageName: Record<UsageRow['view'], string> = {
    dashboard: t('adminDashboard.usage.pages.dashboard'),
    bookings: t('adminDashboard.usage.pages.bookings'),
    complaints_by_me: t('adminDashboard.usage.pages.complaints_by_me'),
    complaints_against_me: t('adminDashboard.usage.pages.complaints_against_me'),
  };
  const roleName: Record<UsageRow['role'], string> = {
    client: t('adminDashboard.usage.roles.client'),
    consultant: t('adminDashboard.usage.roles.consultant'),
  };
  const count = (value: number) => formatCount(value, i18n.language);

  return (
    <section className="card" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <p className={styles.range}>{t('adminDashboard.usage.intro')}</p>
      {usage.isError && (
        <p role="alert" className={styles.error}>
          {errorText(usage.error, t('adminDashboard.usage.error'))}
        </p>
      )}
      {usage.isPending && <p aria-live="polite">{t('adminDashboard.usage.loading')}</p>}
      {usage.isSuccess && rows.length === 0 && <p>{t('adminDashboard.usage.empty')}</p>}
      {rows.length > 0 && (
        <DataTable caption={title} columns={Object.values(columns)}>
              {rows.map((row) => (
                <tr key={`${row.week}-${row.view}-${row.role}`}>
                  <th scope="row" data-label={columns.week}>
                    {weekLabel(row.week)}
                  </th>
                  <td data-label={columns.page}>{pageName[row.view] ?? row.view}</td>
                  <td data-label={columns.role}>{roleName[row.role] ?? row.role}</td>
                  <td data-label={columns.views}>{count(row.views)}</td>
                  <td data-label={columns.people}>{count(row.people)}</td>
                </tr>
              ))}
            </DataTable>
      )}
    </section>
  );
}
