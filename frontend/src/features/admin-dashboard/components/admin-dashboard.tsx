import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { formatPrice } from '@/lib/format';
import { errorText } from '@/lib/toast';
import {
  DASHBOARD_PERIODS,
  readPeriod,
  useDashboard,
  type BookingsWeek,
  type DashboardData,
  type RevenueWeek,
  type SignUpsWeek,
} from '../api/get-dashboard';
import styles from './admin-dashboard.module.css';
import type { Series } from './dashboard-charts';
import { formatCount, formatDay, formatWeekShort } from './format';
import { UsageTable } from './usage-table';

// The chart library is fetched only when an administrator opens the dashboard.
const DashboardChart = lazy(() => import('./dashboard-charts'));

const COLORS = {
  confirmed: '#2f6b4f',
  cancelled: '#a12a1f',
  noShow: '#7a5200',
  paid: '#2f6b4f',
  refunded: '#a12a1f',
  net: '#22567a',
  clients: '#2f6b4f',
  consultants: '#22567a',
};

type Column<Row> = { label: string; value: (row: Row) => string };

/**
 * A chart with its text alternative: the figure's caption names it, the chart
 * is a picture for sighted users, and a visually hidden table gives every number.
 */
function ChartFigure<Row extends { week: string; start: string }>(props: {
  title: string;
  rows: Row[];
  columns: Column<Row>[];
  chart: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const captionId = useId();
  return (
    <figure className={`card ${styles.figure}`} aria-labelledby={captionId}>
      <figcaption id={captionId} className={styles.caption}>
        {props.title}
      </figcaption>
      <Suspense fallback={<div className={styles.chartPlaceholder} aria-hidden="true" />}>{props.chart}</Suspense>
      {/* Hidden in a box: a table is as wide as its cells whatever its own width (no sideways scroll on a phone). */}
      <div className="visually-hidden">
        <table>
          <caption>{props.title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adminDashboard.week')}</th>
              {props.columns.map((column) => (
                <th key={column.label} scope="col">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={row.week}>
                <th scope="row">{t('adminDashboard.weekOf', { day: formatDay(row.start, i18n.language), week: row.week })}</th>
                {props.columns.map((column) => (
                  <td key={column.label}>{column.value(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function Charts({ data }: { data: DashboardData }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const count = (value: number) => formatCount(value, language);
  const label = (start: string) => formatWeekShort(start, language);

  const bookingSeries: Series[] = [
    { key: 'confirmed', label: t('adminDashboard.bookings.confirmed'), color: COLORS.confirmed },
    { key: 'cancelled', label: t('adminDashboard.bookings.cancelled'), color: COLORS.cancelled },
    { key: 'no_show', label: t('adminDashboard.bookings.noShow'), color: COLORS.noShow },
  ];
  const signUpSeries: Series[] = [
    { key: 'clients', label: t('adminDashboard.signUps.clients'), color: COLORS.clients },
    { key: 'consultants', label: t('adminDashboard.signUps.consultants'), color: COLORS.consultants },
  ];
  const currencies = [...new Set(data.revenue.map((row) => row.currency))];

  return (
    <>
      <ChartFigure<BookingsWeek>
        title={t('adminDashboard.bookings.title')}
        rows={data.bookings}
        columns={bookingSeries.map((s) => ({
          label: s.label,
          value: (row) => count(row[s.key as 'confirmed' | 'cancelled' | 'no_show']),
        }))}
        chart={
          <DashboardChart
            rows={data.bookings.map((row) => ({ ...row, label: label(row.start) }))}
            series={bookingSeries}
            stacked
            format={count}
          />
        }
      />
      {currencies.length === 0 ? (
        <section className="card" aria-labelledby="dashboard-revenue-empty">
          <h3 id="dashboard-revenue-empty">{t('adminDashboard.revenue.title')}</h3>
          <p>{t('adminDashboard.revenue.none')}</p>
        </section>
      ) : (
        currencies.map((currency) => {
          const rows = data.revenue.filter((row) => row.currency === currency);
          const money = (minor: number) => formatPrice(minor, currency, language);
          const series: Series[] = [
            { key: 'paid_minor', label: t('adminDashboard.revenue.paid'), color: COLORS.paid },
            { key: 'refunded_minor', label: t('adminDashboard.revenue.refunded'), color: COLORS.refunded },
            { key: 'net_minor', label: t('adminDashboard.revenue.net'), color: COLORS.net, kind: 'line' },
          ];
          return (
            <ChartFigure<RevenueWeek>
              key={currency}
              title={t('adminDashboard.revenue.titleIn', { currency })}
              rows={rows}
              columns={series.map((s) => ({
                label: s.label,
                value: (row) => money(row[s.key as 'paid_minor' | 'refunded_minor' | 'net_minor']),
              }))}
              chart={
                <DashboardChart
                  rows={rows.map((row) => ({ ...row, label: label(row.start) }))}
                  series={series}
                  format={money}
                />
              }
            />
          );
        })
      )}
      <ChartFigure<SignUpsWeek>
        title={t('adminDashboard.signUps.title')}
        rows={data.sign_ups}
        columns={signUpSeries.map((s) => ({
          label: s.label,
          value: (row) => count(row[s.key as 'clients' | 'consultants']),
        }))}
        chart={
          <DashboardChart
            rows={data.sign_ups.map((row) => ({ ...row, label: label(row.start) }))}
            series={signUpSeries}
            format={count}
          />
        }
      />
    </>
  );
}

/**
 * The administrators' dashboard (issue 10): a period of 4, 12 or 52 ISO weeks kept
 * in the address (`?weeks=`), the consultants awaiting review, the open complaints
 * by age, weekly charts of bookings, revenue per currency and sign-ups, and the last 12 weeks'
 * usage counted with the visitors' consent (issue 13).
 */
export function AdminDashboard() {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const weeks = readPeriod(searchParams.get('weeks'));
  const dashboard = useDashboard(weeks);
  const data = dashboard.data;
  const language = i18n.language;
  const headingId = useId();

  const choose = (value: number) => {
    const next = new URLSearchParams(searchParams);
    next.set('weeks', String(value));
    setSearchParams(next, { replace: true });
  };

  return (
    <section className="stack" aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId}>{t('adminDashboard.title')}</h2>
        <fieldset className={styles.periods}>
          <legend>{t('adminDashboard.period')}</legend>
          {DASHBOARD_PERIODS.map((value) => (
            <label key={value} className={styles.period}>
              <input
                type="radio"
                name="dashboard-period"
                value={value}
                checked={value === weeks}
                onChange={() => choose(value)}
              />
              {t('adminDashboard.lastWeeks', { count: value })}
            </label>
          ))}
        </fieldset>
      </div>

      {dashboard.isError && (
        <p role="alert" className={styles.error}>
          {errorText(dashboard.error, t('adminDashboard.networkError'))}
        </p>
      )}
      {dashboard.isPending && <p aria-live="polite">{t('adminDashboard.loading')}</p>}

      {data && (
        <>
          <p className={styles.range}>
            {t('adminDashboard.range', { from: formatDay(data.from, language), to: formatDay(data.to, language) })}
          </p>
          <div className={styles.headlines}>
            <section className="card" aria-labelledby="dashboard-awaiting-review">
              <h3 id="dashboard-awaiting-review">{t('adminDashboard.awaitingReview.title')}</h3>
              <p className={styles.headlineNumber}>{formatCount(data.awaiting_review, language)}</p>
              <Link to={`${paths.admin.consultants.list.getHref()}?status=submitted`}>
                {t('adminDashboard.awaitingReview.link')}
              </Link>
            </section>
            <section className="card" aria-labelledby="dashboard-complaints">
              <h3 id="dashboard-complaints">{t('adminDashboard.complaints.title')}</h3>
              <dl className={styles.ages}>
                <div>
                  <dt>{t('adminDashboard.complaints.under7')}</dt>
                  <dd>{formatCount(data.complaints_open_by_age.under_7_days, language)}</dd>
                </div>
                <div>
                  <dt>{t('adminDashboard.complaints.from7To30')}</dt>
                  <dd>{formatCount(data.complaints_open_by_age.from_7_to_30_days, language)}</dd>
                </div>
                <div>
                  <dt>{t('adminDashboard.complaints.over30')}</dt>
                  <dd>{formatCount(data.complaints_open_by_age.over_30_days, language)}</dd>
                </div>
              </dl>
            </section>
          </div>
          <Charts data={data} />
        </>
      )}
      <UsageTable />
    </section>
  );
}
