import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { AccountStatusActions } from '@/components/account/account-status-actions';
import type { AccountStatus } from '@/components/account/account-status-badge';
import { TextAreaField } from '@/components/form/text-area-field';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { applyServerErrors } from '@/lib/form-errors';
import { errorText, toast } from '@/lib/toast';
import { useApproveConsultant } from '../api/approve-consultant';
import { useDeactivateConsultant, useReactivateConsultant } from '../api/deactivate-consultant';
import { useMarkChangesReviewed } from '../api/mark-changes-reviewed';
import { useReinstateConsultant } from '../api/reinstate-consultant';
import { useRejectConsultant } from '../api/reject-consultant';
import { useSuspendConsultant } from '../api/suspend-consultant';
import type { ConsultantStatus } from '../api/types';
import listStyles from '@/components/ui/list.module.css';
import { ActionButton } from '@/components/ui/action-button';

/** docs/api.md: a reason of 1–1000 characters. */
const REASON_MAX = 1000;

const reasonSchema = yup.object({
  reason: yup.string().trim().required('validation.required').max(REASON_MAX, 'validation.tooLong'),
});

type Action = 'approve' | 'reject' | 'suspend' | 'reinstate' | 'reviewed';

type Props = { id: string; name: string; status: ConsultantStatus; hasChanges: boolean };

/** Which commands the status allows (domain lifecycle). */
const actionsFor = (status: ConsultantStatus, hasChanges: boolean): Action[] => [
  ...(status === 'submitted' ? (['approve', 'reject'] as const) : []),
  ...(status === 'approved' ? (['suspend'] as const) : []),
  ...(status === 'suspended' ? (['reinstate'] as const) : []),
  ...(hasChanges ? (['reviewed'] as const) : []),
];

/** Approve, reject (with a reason), suspend (with a reason), reinstate, mark changes reviewed: each confirmed first. */
export function ConsultantActions({ id, name, status, hasChanges }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Action | null>(null);
  const approve = useApproveConsultant();
  const reject = useRejectConsultant();
  const suspend = useSuspendConsultant();
  const reinstate = useReinstateConsultant();
  const reviewed = useMarkChangesReviewed();
  const actions = actionsFor(status, hasChanges);
  if (actions.length === 0) return null;
  const text = (action: Action, key: string) => t(`adminConsultants.actions.${action}.${key}`, { name });

  const done = (action: Action) => {
    setOpen(null);
    toast.success(text(action, 'done'));
  };

  const confirmSimple = async (action: 'approve' | 'reinstate' | 'reviewed') => {
    const mutation = { approve, reinstate, reviewed }[action];
    try {
      await mutation.mutateAsync({ id, body: undefined });
      done(action);
    } catch (error) {
      toast.error(errorText(error, t('errors.network')));
    }
  };

  const busy = approve.isPending || reject.isPending || suspend.isPending || reinstate.isPending || reviewed.isPending;

  return (
    <div className={listStyles.actions}>
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={`btn btn-small ${action === 'approve' || action === 'reinstate' ? '' : 'btn-secondary'}`}
          onClick={() => setOpen(action)}
        >
          {text(action, 'button')}
        </button>
      ))}

      {(open === 'approve' || open === 'reinstate' || open === 'reviewed') && (
        <Dialog title={text(open, 'title')} onClose={() => setOpen(null)}>
          <p>{text(open, 'confirm')}</p>
          <DialogActions>
            <button type="button" className="btn btn-secondary" onClick={() => setOpen(null)}>
              {t('adminConsultants.cancel')}
            </button>
            <button type="button" className="btn" disabled={busy} aria-busy={busy || undefined} onClick={() => void confirmSimple(open)}>
              {text(open, 'button')}
            </button>
          </DialogActions>
        </Dialog>
      )}

      {(open === 'reject' || open === 'suspend') && (
        <Dialog title={text(open, 'title')} onClose={() => setOpen(null)}>
          <p>{text(open, 'confirm')}</p>
          <Formik
            initialValues={{ reason: '' }}
            validationSchema={reasonSchema}
            onSubmit={async (values, { setErrors }) => {
              const mutation = open === 'reject' ? reject : suspend;
              try {
                await mutation.mutateAsync({ id, body: { reason: values.reason.trim() } });
                done(open);
              } catch (error) {
                applyServerErrors(error, setErrors, ['reason']);
              }
            }}
          >
            {({ isSubmitting }) => (
              <Form noValidate>
                <TextAreaField
                  name="reason"
                  label={t('adminConsultants.reason')}
                  hint={t('adminConsultants.reasonHint', { max: REASON_MAX })}
                  maxLength={REASON_MAX}
                  required
                />
                <DialogActions>
                  <button type="button" className="btn btn-secondary" onClick={() => setOpen(null)}>
                    {t('adminConsultants.cancel')}
                  </button>
                  <ActionButton pending={isSubmitting}>
                    {text(open, 'button')}
                  </ActionButton>
                </DialogActions>
              </Form>
            )}
          </Formik>
        </Dialog>
      )}
    </div>
  );
}

/** Deactivate (with a reason) or reactivate the consultant's account. */
export function ConsultantAccountActions({ id, name, status }: { id: string; name: string; status: AccountStatus }) {
  const deactivate = useDeactivateConsultant();
  const reactivate = useReactivateConsultant();
  return (
    <div className={listStyles.actions}>
      <AccountStatusActions
        status={status}
        name={name}
        deactivate={(reason) => deactivate.mutateAsync({ id, body: { reason } })}
        reactivate={() => reactivate.mutateAsync({ id, body: undefined })}
      />
    </div>
  );
}
