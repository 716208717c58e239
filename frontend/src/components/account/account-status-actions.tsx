import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { TextAreaField } from '@/components/form/text-area-field';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { applyServerErrors } from '@/lib/form-errors';
import { errorText, toast } from '@/lib/toast';
import type { AccountStatus } from './account-status-badge';
import { ActionButton } from '@/components/ui/action-button';

/** docs/complaints.md: a deactivation reason of 3–500 characters. */
export const DEACTIVATION_REASON_MIN = 3;
export const DEACTIVATION_REASON_MAX = 500;

const reasonSchema = yup.object({
  reason: yup
    .string()
    .trim()
    .required('validation.required')
    .min(DEACTIVATION_REASON_MIN, 'validation.tooShort')
    .max(DEACTIVATION_REASON_MAX, 'validation.tooLong'),
});

type Props = {
  status: AccountStatus;
  /** The account holder's name, for the texts. */
  name: string;
  deactivate: (reason: string) => Promise<unknown>;
  reactivate: () => Promise<unknown>;
};

/**
 * "Deactivate the account" (with a reason, in a dialog) or "Reactivate the account"
 * (confirmed first), by the account's status; the feature passes its own commands.
 */
export function AccountStatusActions({ status, name, deactivate, reactivate }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const action = status === 'deactivated' ? 'reactivate' : 'deactivate';
  const text = (key: string) => t(`accountActions.${action}.${key}`, { name });
  const close = () => setOpen(false);

  const confirmReactivate = async () => {
    setBusy(true);
    try {
      await reactivate();
      close();
      toast.success(text('done'));
    } catch (error) {
      toast.error(errorText(error, t('errors.network')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={`btn btn-small ${action === 'deactivate' ? 'btn-secondary' : ''}`}
        onClick={() => setOpen(true)}
      >
        {text('button')}
      </button>
      {open && action === 'reactivate' && (
        <Dialog title={text('title')} onClose={close}>
          <p>{text('confirm')}</p>
          <DialogActions>
            <button type="button" className="btn btn-secondary" onClick={close}>
              {t('accountActions.cancel')}
            </button>
            <button type="button" className="btn" disabled={busy} aria-busy={busy || undefined} onClick={() => void confirmReactivate()}>
              {text('button')}
            </button>
          </DialogActions>
        </Dialog>
      )}
      {open && action === 'deactivate' && (
        <Dialog title={text('title')} onClose={close}>
          <p>{text('confirm')}</p>
          <Formik
            initialValues={{ reason: '' }}
            validationSchema={reasonSchema}
            onSubmit={async (values, { setErrors }) => {
              try {
                await deactivate(values.reason.trim());
                close();
                toast.success(text('done'));
              } catch (error) {
                applyServerErrors(error, setErrors, ['reason']);
              }
            }}
          >
            {({ isSubmitting }) => (
              <Form noValidate>
                <TextAreaField
                  name="reason"
                  label={t('accountActions.reason')}
                  hint={t('accountActions.reasonHint', {
                    min: DEACTIVATION_REASON_MIN,
                    max: DEACTIVATION_REASON_MAX,
                  })}
                  maxLength={DEACTIVATION_REASON_MAX}
                  required
                />
                <DialogActions>
                  <button type="button" className="btn btn-secondary" onClick={close}>
                    {t('accountActions.cancel')}
                  </button>
                  <ActionButton pending={isSubmitting}>
                    {text('button')}
                  </ActionButton>
                </DialogActions>
              </Form>
            )}
          </Formik>
        </Dialog>
      )}
    </>
  );
}
