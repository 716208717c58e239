import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import { ListStatus } from '@/components/ui/list-status';
import { DataTable } from '@/components/ui/data-table';
import { pageCountOf } from '@/components/ui/page-count';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { formatPrice } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCoupons, useDisableCoupon, type Coupon } from '../api/coupons';
import { settle } from '@/lib/action-feedback';

const day = (value: string, language: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'fr-FR', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(value));

/** Our admin `view-coupon`: every coupon with its value, window, uses and limits; disable one. */
export function CouponListPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useCoupons(page);
  const disable = useDisableCoupon();
  const language = i18n.language;
  const data = list.data;
  const value = (c: Coupon) =>
    c.kind === 'percent' ? `${c.percent ?? 0} %` : c.amount ? formatPrice(c.amount.amount_minor, c.amount.currency, language) : '';
  const columns = {
    code: t('coupons.fields.code'),
    value: t('coupons.columns.value'),
    window: t('coupons.columns.window'),
    uses: t('coupons.columns.uses'),
    status: t('coupons.columns.status'),
  };
  return (
    <div className="stack">
      <PageTitle>{t('coupons.listTitle')}</PageTitle>
      <p>
        <Link className="btn" to={paths.admin.addCoupon.getHref()}>
          {t('coupons.menu.add')}
        </Link>
      </p>
      <div className="card">
        <ListStatus list={list} totalText={(count) => t('coupons.total', { count })} />
        {data && data.items.length > 0 && (
          <DataTable caption={t('coupons.listTitle')} columns={Object.values(columns)}>
                {data.items.map((c) => (
                  <tr key={c.id}>
                    <th scope="row" data-label={columns.code}>
                      {c.code}
                    </th>
                    <td data-label={columns.value}>{value(c)}</td>
                    <td data-label={columns.window}>
                      {day(c.valid_from, language)} – {day(c.valid_until, language)}
                    </td>
                    <td data-label={columns.uses}>
                      {t('coupons.uses', { uses: c.uses, max: c.max_uses ?? '∞', perClient: c.max_uses_per_client ?? '∞' })}
                    </td>
                    <td data-label={columns.status}>
                      {c.disabled ? (
                        t('coupons.disabled')
                      ) : (
                        <button
                          type="button"
                          className="btn btn-secondary btn-small"
                          aria-label={t('coupons.disableCode', { code: c.code })}
                          disabled={disable.isPending}
                          aria-busy={disable.isPending || undefined}
                          onClick={() =>
                            settle(disable.mutateAsync(c.id), {
                              onSuccess: () => toast.success(t('coupons.disabledDone', { code: c.code })),
                            })
                          }
                        >
                          {t('coupons.disable')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </DataTable>
        )}
        {data && data.items.length === 0 && <p>{t('coupons.none')}</p>}
        {data && (
          <Pagination
            page={page}
            pageCount={pageCountOf(data)}
            onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})}
          />
        )}
      </div>
    </div>
  );
}
