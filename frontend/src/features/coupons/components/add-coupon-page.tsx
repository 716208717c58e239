import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formStyles } from '@/components/form/form-styles';
import { PageTitle } from '@/components/layouts/page-title';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { COUPON_CURRENCIES, couponSchema, emptyCoupon, toCouponBody, type CouponValues } from '../api/coupon-form';
import { useCreateCoupon } from '../api/coupons';
import { ActionButton } from '@/components/ui/action-button';

const FIELDS = [
  'code',
  'kind',
  'percent',
  'amount',
  'currency',
  'valid_from',
  'valid_until',
  'max_uses',
  'max_uses_per_client',
] as const;

/** Our admin `add-coupon`: code, percent or fixed amount with its currency, validity window, total and per-client limits. */
export function AddCouponPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCoupon();
  const schema = useMemo(() => couponSchema(t), [t]);
  const f = (key: string) => t(`coupons.fields.${key}`);
  return (
    <div className="stack">
      <PageTitle>{t('coupons.addTitle')}</PageTitle>
      <div className="card">
        <Formik<CouponValues>
          initialValues={emptyCoupon()}
          validationSchema={schema}
          onSubmit={async (values, helpers) => {
            try {
              await create.mutateAsync(toCouponBody(values));
              toast.success(t('coupons.created', { code: values.code.trim().toUpperCase() }));
              await navigate(paths.admin.viewCoupon.getHref());
            } catch (error) {
              if (isApiError(error) && error.code === 'coupon_code_taken') {
                helpers.setErrors({ code: error.message });
                return;
              }
              applyServerErrors(error, helpers.setErrors, FIELDS, { 'amount.amount_minor': 'amount', 'amount.currency': 'currency' });
            }
          }}
        >
          {({ values, isSubmitting }) => (
            <Form noValidate>
              <TextField name="code" label={f('code')} hint={f('codeHint')} autoComplete="off" spellCheck={false} maxLength={40} required />
              <SelectField
                name="kind"
                label={f('kind')}
                placeholder={false}
                options={[
                  { value: 'percent', label: t('coupons.kinds.percent') },
                  { value: 'fixed', label: t('coupons.kinds.fixed') },
                ]}
                required
              />
              {values.kind === 'percent' ? (
                <TextField name="percent" label={f('percent')} inputMode="numeric" maxLength={3} required />
              ) : (
                <div className={formStyles.row}>
                  <TextField name="amount" label={f('amount')} hint={f('amountHint')} inputMode="decimal" maxLength={12} required />
                  <SelectField
                    name="currency"
                    label={f('currency')}
                    placeholder={false}
                    options={COUPON_CURRENCIES.map((c) => ({ value: c, label: c }))}
                    required
                  />
                </div>
              )}
              <div className={formStyles.row}>
                <TextField name="valid_from" type="date" label={f('validFrom')} required />
                <TextField name="valid_until" type="date" label={f('validUntil')} required />
              </div>
              <div className={formStyles.row}>
                <TextField name="max_uses" label={f('maxUses')} inputMode="numeric" maxLength={7} required />
                <TextField name="max_uses_per_client" label={f('maxUsesPerClient')} inputMode="numeric" maxLength={7} required />
              </div>
              <ActionButton pending={isSubmitting}>
                {t('coupons.create')}
              </ActionButton>
            </Form>
          )}
        </Formik>
      </div>
    </div>
  );
}
