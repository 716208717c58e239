import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '@/components/form/text-area-field';
import { formStyles } from '@/components/form/form-styles';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { answerInitialValues, answerSchema, useProvideInformation, type AnswerValues } from '../api/provide-information';
import { statementInitialValues, statementSchema, useSubmitStatement, type StatementValues } from '../api/submit-statement';
import { LIMITS, type PartyArea } from '../api/types';
import { useWithdrawComplaint } from '../api/withdraw-complaint';
import { reportActionError } from './action-error';
import { AttachmentsField } from './attachments-field';
import { settle } from '@/lib/action-feedback';
import { ActionButton } from '@/components/ui/action-button';

type Props = { area: PartyArea; id: string; refetch: () => unknown };

/** The author withdraws an open complaint, after confirming. */
export function WithdrawButton({ area, id, refetch }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawComplaint(area, id);
  const confirm = () =>
    settle(withdraw.mutateAsync(), {
      onSuccess: () => {
        toast.success(t('complaints.detail.withdrawDone'));
        setOpen(false);
      },
      onError: (error) => {
        reportActionError(error, refetch);
        setOpen(false);
      },
    });
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
        {t('complaints.detail.withdraw')}
      </button>
      {open && (
        <Dialog title={t('complaints.detail.withdrawTitle')} onClose={() => setOpen(false)}>
          <p>{t('complaints.detail.withdrawQuestion')}</p>
          <DialogActions>
            <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
              {t('complaints.detail.keep')}
            </button>
            <button type="button" className="btn" onClick={confirm} disabled={withdraw.isPending} aria-busy={withdraw.isPending || undefined}>
              {t('complaints.detail.withdrawConfirm')}
            </button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}

/** The respondent's one statement, with up to 5 files. */
export function StatementForm({ area, id, refetch }: Props) {
  const { t } = useTranslation();
  const submit = useSubmitStatement(area, id);
  return (
    <Formik<StatementValues>
      initialValues={statementInitialValues}
      validationSchema={statementSchema}
      onSubmit={async (values, helpers) => {
        try {
          await submit.mutateAsync(values);
          toast.success(t('complaints.detail.statementSent'));
        } catch (error) {
          if (isApiError(error) && Object.keys(error.fields).length > 0) {
            applyServerErrors(error, helpers.setErrors, ['text', 'attachments'] as const);
          } else reportActionError(error, refetch);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t('complaints.detail.statementForm')}>
          <p>{t('complaints.detail.statementIntro')}</p>
          <TextAreaField
            name="text"
            label={t('complaints.detail.statementText')}
            hint={t('complaints.form.length', LIMITS.statement)}
            maxLength={LIMITS.statement.max}
            rows={6}
            required
          />
          <AttachmentsField name="attachments" role={area} />
          <div className={formStyles.actions}>
            <ActionButton pending={isSubmitting}>
              {t('complaints.detail.statementSubmit')}
            </ActionButton>
          </div>
        </Form>
      )}
    </Formik>
  );
}

/** The caller's answer to the administrators' open question `requestId`. */
export function AnswerForm({ area, id, requestId, refetch }: Props & { requestId: string }) {
  const { t } = useTranslation();
  const provide = useProvideInformation(area, id);
  return (
    <Formik<AnswerValues>
      initialValues={answerInitialValues}
      validationSchema={answerSchema}
      onSubmit={async (values, helpers) => {
        try {
          await provide.mutateAsync({ requestId, values });
          toast.success(t('complaints.detail.answerSent'));
        } catch (error) {
          if (isApiError(error) && Object.keys(error.fields).length > 0) {
            applyServerErrors(error, helpers.setErrors, ['text', 'attachments'] as const);
          } else reportActionError(error, refetch);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t('complaints.detail.answerForm')}>
          <TextAreaField
            name="text"
            label={t('complaints.detail.answerText')}
            hint={t('complaints.form.length', LIMITS.answer)}
            maxLength={LIMITS.answer.max}
            rows={5}
            required
          />
          <AttachmentsField name="attachments" role={area} />
          <div className={formStyles.actions}>
            <ActionButton pending={isSubmitting}>
              {t('complaints.detail.answerSubmit')}
            </ActionButton>
          </div>
        </Form>
      )}
    </Formik>
  );
}
