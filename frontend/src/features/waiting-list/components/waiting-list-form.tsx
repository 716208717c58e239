import { Form, Formik } from 'formik';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import { HoneypotField } from '@/components/form/honeypot-field';
import { TextField } from '@/components/form/text-field';
import { ActionButton } from '@/components/ui/action-button';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import {
  EMAIL_MAX,
  emptyWaitingList,
  toWaitingListBody,
  useJoinWaitingList,
  WAITING_LIST_FIELDS,
  waitingListSchema,
  type WaitingListTarget,
} from '../api/join-waiting-list';
import styles from './waiting-list.module.css';

type Props = {
  target: WaitingListTarget;
  /** The expert's or the speciality's name, said in the heading. */
  name: string;
  /** Opened on request (the page's button): focus goes to the address field. */
  focusOnOpen?: boolean;
};

/**
 * « Prévenez-moi si un créneau se libère »: an address and a range of days in France (today and the week
 * after by default); a mail comes when a slot of the expert (or of the speciality) is free in that range.
 */
export function WaitingListForm({ target, name, focusOnOpen = false }: Props) {
  const { t } = useTranslation();
  const join = useJoinWaitingList();
  const schema = useMemo(() => waitingListSchema(t), [t]);
  const [sent, setSent] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const again = useRef<HTMLButtonElement>(null);
  const headingId = useId();

  useEffect(() => {
    if (sent) again.current?.focus();
  }, [sent]);

  return (
    <section aria-labelledby={headingId} className={styles.form}>
      <h2 id={headingId}>{t('waitingList.title')}</h2>
      <p>{'consultantId' in target ? t('waitingList.textExpert', { name }) : t('waitingList.textSpeciality', { name })}</p>
      <div role="status">{sent && <p className={styles.done}>{t('waitingList.sent')}</p>}</div>
      {sent ? (
        <button ref={again} type="button" className="btn btn-secondary" onClick={() => setSent(false)}>
          {t('waitingList.another')}
        </button>
      ) : (
        <>
          {refusal && (
            <p role="alert" className={formStyles.error}>
              {refusal}
            </p>
          )}
          <Formik
            initialValues={emptyWaitingList()}
            validationSchema={schema}
            onSubmit={async (values, helpers) => {
              setRefusal(null);
              try {
                await join.mutateAsync(toWaitingListBody(values, target));
                helpers.resetForm({ values: emptyWaitingList() });
                setSent(true);
              } catch (error) {
                if (isApiError(error) && error.status === 429) {
                  setRefusal(error.message);
                  return;
                }
                // Who the entry waits for has no field here: the server's reason goes above the form.
                const reason = isApiError(error) ? (error.fields.consultant_id ?? error.fields.specialization_id) : undefined;
                if (reason) {
                  setRefusal(reason);
                  if (isApiError(error) && !WAITING_LIST_FIELDS.some((field) => error.fields[field])) return;
                }
                applyServerErrors(error, helpers.setErrors, WAITING_LIST_FIELDS);
              }
            }}
          >
            {({ isSubmitting }) => (
              <Form noValidate aria-label={t('waitingList.label')}>
                <TextField
                  name="email"
                  type="email"
                  label={t('waitingList.email')}
                  autoComplete="email"
                  autoFocus={focusOnOpen}
                  maxLength={EMAIL_MAX}
                  required
                />
                <div className={styles.days}>
                  <TextField name="from" type="date" label={t('waitingList.from')} required />
                  <TextField name="to" type="date" label={t('waitingList.to')} required />
                </div>
                <p className={formStyles.hint}>{t('waitingList.daysHint')}</p>
                <HoneypotField label={t('lists.honeypot')} />
                <ActionButton pending={isSubmitting} pendingLabel={t('waitingList.sending')}>
                  {t('waitingList.submit')}
                </ActionButton>
              </Form>
            )}
          </Formik>
        </>
      )}
    </section>
  );
}
