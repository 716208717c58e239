import { Field, Form, Formik, type FormikHelpers } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/form/checkbox-field';
import { SelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { formStyles } from '@/components/form/form-styles';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import {
  amountText,
  currencyDigits,
  decideInitialValues,
  decideSchema,
  refundable,
  refundOffered,
  toDecideBody,
  useDecideComplaint,
  type DecideValues,
} from '../api/decide-complaint';
import { dismissSchema, useDismissComplaint, type DismissValues } from '../api/dismiss-complaint';
import { requestInformationSchema, useRequestInformation, type RequestInformationValues } from '../api/request-information';
import { useStartReview } from '../api/start-review';
import { FAVOURS, LIMITS, type ComplaintDetail } from '../api/types';
import { useComplaintText } from './use-complaint-text';
import styles from './complaints.module.css';
import { settle } from '@/lib/action-feedback';
import { ActionButton } from '@/components/ui/action-button';
import { partyName } from './party-name';

type Props = { detail: ComplaintDetail; zone: string; onRefused: (error: unknown) => void };

/** Field errors go back on the form; anything else (409 closed meanwhile, a refused refund) to the page. */
const onFailure = <Values extends object>(
  error: unknown,
  helpers: FormikHelpers<Values>,
  fields: readonly (keyof Values & string)[],
  onRefused: (error: unknown) => void,
) => {
  if (isApiError(error) && Object.keys(error.fields).length > 0) applyServerErrors(error, helpers.setErrors, fields);
  else onRefused(error);
};

export function StartReviewButton({ detail, onRefused }: Omit<Props, 'zone'>) {
  const { t } = useTranslation();
  const review = useStartReview(detail.id);
  return (
    <button
      type="button"
      className="btn"
      disabled={review.isPending}
      aria-busy={review.isPending || undefined}
      onClick={() =>
        settle(review.mutateAsync(), {
          onSuccess: () => toast.success(t('complaints.admin.reviewStarted')),
          onError: onRefused,
        })
      }
    >
      {t('complaints.admin.startReview')}
    </button>
  );
}

export function RequestInformationForm({ detail, onRefused }: Omit<Props, 'zone'>) {
  const { t } = useTranslation();
  const ask = useRequestInformation(detail.id);
  const parties = [
    { value: 'complainant', label: t('complaints.admin.askComplainant', { name: partyName(detail.author, t) }) },
    ...(detail.respondent ? [{ value: 'respondent', label: t('complaints.admin.askRespondent', { name: partyName(detail.respondent, t) }) }] : []),
  ];
  return (
    <section className="card" aria-labelledby="complaint-ask">
      <h2 id="complaint-ask">{t('complaints.admin.askTitle')}</h2>
      <Formik<RequestInformationValues>
        initialValues={{ party: 'complainant', text: '' }}
        validationSchema={requestInformationSchema}
        onSubmit={async (values, helpers) => {
          try {
            await ask.mutateAsync(values);
            toast.success(t('complaints.admin.askSent'));
            helpers.resetForm();
          } catch (error) {
            onFailure(error, helpers, ['party', 'text'] as const, onRefused);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <SelectField name="party" label={t('complaints.admin.askWho')} options={parties} placeholder={false} required />
            <TextAreaField
              name="text"
              label={t('complaints.admin.askText')}
              hint={t('complaints.form.length', LIMITS.question)}
              maxLength={LIMITS.question.max}
              rows={4}
              required
            />
            <div className={formStyles.actions}>
              <ActionButton className="btn btn-secondary" pending={isSubmitting}>
                {t('complaints.admin.askSubmit')}
              </ActionButton>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}

export function DecideForm({ detail, zone, onRefused }: Props) {
  const { t } = useTranslation();
  const decide = useDecideComplaint(detail.id);
  const text = useComplaintText(zone);
  const legendId = useId();
  const left = refundable(detail);
  const digits = left ? currencyDigits(left.currency) : 2;
  const consultantInvolved = detail.author.role === 'consultant' || detail.respondent?.role === 'consultant';
  const schema = decideSchema(left, {
    amount: t('complaints.admin.refundInvalid'),
    tooMuch: left ? t('complaints.admin.refundTooMuch', { amount: text.money(left) }) : t('complaints.admin.refundInvalid'),
  });
  return (
    <section className="card" aria-labelledby="complaint-decide">
      <h2 id="complaint-decide">{t('complaints.admin.decideTitle')}</h2>
      <Formik<DecideValues>
        initialValues={decideInitialValues}
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          const offered = refundOffered(detail, values.favour);
          try {
            await decide.mutateAsync(toDecideBody(values, { offered, currency: left?.currency ?? 'EUR' }));
            toast.success(t('complaints.admin.decided'));
          } catch (error) {
            onFailure(error, helpers, ['favour', 'resolution', 'refund', 'suspend_consultant'] as const, onRefused);
          }
        }}
      >
        {({ isSubmitting, values, setFieldValue, errors, submitCount }) => (
          <Form noValidate>
            <fieldset className={styles.radios} aria-describedby={errors.favour && submitCount > 0 ? `${legendId}-error` : undefined}>
              <legend id={legendId}>
                {t('complaints.admin.favour')}
                <span className={formStyles.error} aria-hidden="true">
                  {' '}*
                </span>
              </legend>
              {FAVOURS.map((favour) => (
                <label key={favour}>
                  <Field type="radio" name="favour" value={favour} />
                  {t(`complaints.favours.${favour}`)}
                </label>
              ))}
              {errors.favour && submitCount > 0 && (
                <span id={`${legendId}-error`} className={formStyles.error}>
                  {t(errors.favour)}
                </span>
              )}
            </fieldset>
            <TextAreaField
              name="resolution"
              label={t('complaints.admin.resolution')}
              hint={t('complaints.admin.resolutionHint', LIMITS.resolution)}
              maxLength={LIMITS.resolution.max}
              rows={5}
              required
            />
            {left && refundOffered(detail, values.favour) && (
              <div className={styles.amount}>
                <TextField
                  name="refund"
                  inputMode="decimal"
                  autoComplete="off"
                  label={t('complaints.admin.refund', { currency: left.currency })}
                  hint={t('complaints.admin.refundHint', {
                    left: text.money(left),
                    total: detail.booking_total ? text.money(detail.booking_total) : '',
                    refunded: text.money(detail.booking_refunded ?? { amount_minor: 0, currency: left.currency }),
                  })}
                />
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => void setFieldValue('refund', amountText(left.amount_minor, digits))}
                >
                  {t('complaints.admin.refundFull')}
                </button>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => {
                    const half = Math.round((detail.booking_total?.amount_minor ?? left.amount_minor) / 2);
                    void setFieldValue('refund', amountText(Math.min(half, left.amount_minor), digits));
                  }}
                >
                  {t('complaints.admin.refundHalf')}
                </button>
              </div>
            )}
            {consultantInvolved && <CheckboxField name="suspend_consultant" label={t('complaints.admin.suspend')} />}
            <div className={formStyles.actions}>
              <ActionButton pending={isSubmitting}>
                {t('complaints.admin.decideSubmit')}
              </ActionButton>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}

export function DismissForm({ detail, onRefused }: Omit<Props, 'zone'>) {
  const { t } = useTranslation();
  const dismiss = useDismissComplaint(detail.id);
  return (
    <section className="card" aria-labelledby="complaint-dismiss">
      <h2 id="complaint-dismiss">{t('complaints.admin.dismissTitle')}</h2>
      <Formik<DismissValues>
        initialValues={{ reason: '' }}
        validationSchema={dismissSchema}
        onSubmit={async (values, helpers) => {
          try {
            await dismiss.mutateAsync(values);
            toast.success(t('complaints.admin.dismissed'));
          } catch (error) {
            onFailure(error, helpers, ['reason'] as const, onRefused);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <TextAreaField
              name="reason"
              label={t('complaints.admin.dismissReason')}
              hint={t('complaints.form.length', LIMITS.reason)}
              maxLength={LIMITS.reason.max}
              rows={3}
              required
            />
            <div className={formStyles.actions}>
              <ActionButton className="btn btn-secondary" pending={isSubmitting}>
                {t('complaints.admin.dismissSubmit')}
              </ActionButton>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}
