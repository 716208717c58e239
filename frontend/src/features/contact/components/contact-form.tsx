import { Form, Formik } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import { HoneypotField } from '@/components/form/honeypot-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { ActionButton } from '@/components/ui/action-button';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  contactMessageSchema,
  emptyContactMessage,
  toContactMessageBody,
  useSendContactMessage,
} from '../api/send-contact-message';
import styles from './contact-form.module.css';

/**
 * The public contact form (spec `/contact-us`): name, e-mail, phone, organisation, subject and message,
 * and a honeypot a person never sees. Once sent, a confirmation takes its place; the person may write again.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const send = useSendContactMessage();
  const schema = useMemo(() => contactMessageSchema(t), [t]);
  const [sent, setSent] = useState(false);
  // A refusal to read and act on (too many messages): the server's translated text, above the form.
  const [refusal, setRefusal] = useState<string | null>(null);
  const again = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLDivElement>(null);
  const focusForm = useRef(false);

  // Focus follows the exchange: to "write another message" once sent, back to the first field after.
  useEffect(() => {
    if (sent) again.current?.focus();
    else if (focusForm.current) {
      focusForm.current = false;
      form.current?.querySelector<HTMLElement>('input:not([tabindex="-1"])')?.focus();
    }
  }, [sent]);

  return (
    <>
      <div role="status" className={sent ? styles.sent : undefined}>
        {sent && <p>{t('contactForm.sent')}</p>}
      </div>
      {sent ? (
        <button
          ref={again}
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            focusForm.current = true;
            setSent(false);
          }}
        >
          {t('contactForm.another')}
        </button>
      ) : (
        <div ref={form} className={styles.form}>
          {refusal && (
            <p role="alert" className={formStyles.error}>
              {refusal}
            </p>
          )}
          <Formik
            initialValues={emptyContactMessage()}
            validationSchema={schema}
            onSubmit={async (values, helpers) => {
              setRefusal(null);
              try {
                await send.mutateAsync(toContactMessageBody(values));
                setSent(true);
              } catch (error) {
                // Too many messages (429: `contact_message_limit` or `too_many_requests`).
                if (isApiError(error) && error.status === 429) {
                  setRefusal(error.message);
                  return;
                }
                applyServerErrors(error, helpers.setErrors, CONTACT_FIELDS);
              }
            }}
          >
            {({ isSubmitting }) => (
              <Form noValidate aria-label={t('contactForm.label')}>
                <p className={formStyles.hint}>{t('contactForm.requiredNote')}</p>
                <TextField
                  name="name"
                  label={t('contactForm.name')}
                  autoComplete="name"
                  maxLength={CONTACT_LIMITS.name}
                  required
                />
                <TextField
                  name="email"
                  type="email"
                  label={t('fields.email')}
                  autoComplete="email"
                  maxLength={CONTACT_LIMITS.email}
                  required
                />
                <TextField
                  name="phone"
                  type="tel"
                  label={t('contactForm.phone')}
                  autoComplete="tel"
                  maxLength={CONTACT_LIMITS.phone}
                />
                <TextField
                  name="organisation"
                  label={t('contactForm.organisation')}
                  autoComplete="organization"
                  maxLength={CONTACT_LIMITS.organisation}
                />
                <TextField name="subject" label={t('contactForm.subject')} maxLength={CONTACT_LIMITS.subject} required />
                <TextAreaField
                  name="message"
                  label={t('contactForm.message')}
                  hint={t('contactForm.messageHint', { max: CONTACT_LIMITS.message })}
                  maxLength={CONTACT_LIMITS.message}
                  rows={8}
                  required
                />
                <HoneypotField label={t('contactForm.honeypot')} />
                <div className={formStyles.actions}>
                  <ActionButton pending={isSubmitting} pendingLabel={t('contactForm.sending')}>
                    {t('contactForm.submit')}
                  </ActionButton>
                </div>
              </Form>
            )}
          </Formik>
        </div>
      )}
    </>
  );
}
