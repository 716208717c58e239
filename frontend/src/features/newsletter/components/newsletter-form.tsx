import { Form, Formik } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import { HoneypotField } from '@/components/form/honeypot-field';
import { TextField } from '@/components/form/text-field';
import { ActionButton } from '@/components/ui/action-button';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import {
  EMAIL_MAX,
  emptyNewsletter,
  NEWSLETTER_FIELDS,
  newsletterSchema,
  useSubscribeNewsletter,
} from '../api/subscribe-newsletter';
import styles from './newsletter.module.css';

/**
 * The newsletter's subscription (spec §2 public footer): an address and the honeypot. The server answers
 * the same for every address, so does the form: « check your mailbox » (double opt-in). `label` names the
 * form where the footer's is on the same page.
 */
export function NewsletterForm({ label }: { label?: string }) {
  const { t } = useTranslation();
  const subscribe = useSubscribeNewsletter();
  const schema = useMemo(() => newsletterSchema(), []);
  const [sent, setSent] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const again = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (sent) again.current?.focus();
  }, [sent]);

  return (
    <div className={styles.box}>
      <div role="status">{sent && <p className={styles.done}>{t('newsletter.sent')}</p>}</div>
      {sent ? (
        <button ref={again} type="button" className="btn btn-secondary btn-small" onClick={() => setSent(false)}>
          {t('newsletter.another')}
        </button>
      ) : (
        <>
          <p>{t('newsletter.intro')}</p>
          {refusal && (
            <p role="alert" className={formStyles.error}>
              {refusal}
            </p>
          )}
          <Formik
            initialValues={emptyNewsletter()}
            validationSchema={schema}
            onSubmit={async (values, helpers) => {
              setRefusal(null);
              try {
                await subscribe.mutateAsync(values);
                helpers.resetForm();
                setSent(true);
              } catch (error) {
                if (isApiError(error) && error.status === 429) {
                  setRefusal(error.message);
                  return;
                }
                applyServerErrors(error, helpers.setErrors, NEWSLETTER_FIELDS);
              }
            }}
          >
            {({ isSubmitting }) => (
              <Form noValidate aria-label={label ?? t('newsletter.label')}>
                <TextField
                  name="email"
                  type="email"
                  label={t('newsletter.email')}
                  autoComplete="email"
                  maxLength={EMAIL_MAX}
                  required
                />
                <HoneypotField label={t('lists.honeypot')} />
                <ActionButton pending={isSubmitting} pendingLabel={t('newsletter.sending')}>
                  {t('newsletter.submit')}
                </ActionButton>
              </Form>
            )}
          </Formik>
        </>
      )}
    </div>
  );
}
