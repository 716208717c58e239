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
  emptyStarterKit,
  STARTER_KIT_FIELDS,
  STARTER_KIT_LIMITS,
  starterKitSchema,
  useRequestStarterKit,
} from '../api/request-starter-kit';
import styles from './starter-kit.module.css';

/**
 * The free wellness starter kit (spec §1): a name, an address and the honeypot; the kit goes by mail
 * as a PDF. The server answers alike whatever becomes of the request, so does the form.
 */
export function StarterKitForm() {
  const { t } = useTranslation();
  const request = useRequestStarterKit();
  const schema = useMemo(() => starterKitSchema(), []);
  const [sent, setSent] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const again = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (sent) again.current?.focus();
  }, [sent]);

  return (
    <div className={styles.form}>
      <div role="status">{sent && <p className={styles.done}>{t('starterKit.sent')}</p>}</div>
      {sent ? (
        <button ref={again} type="button" className="btn btn-secondary" onClick={() => setSent(false)}>
          {t('starterKit.another')}
        </button>
      ) : (
        <>
          {refusal && (
            <p role="alert" className={formStyles.error}>
              {refusal}
            </p>
          )}
          <Formik
            initialValues={emptyStarterKit()}
            validationSchema={schema}
            onSubmit={async (values, helpers) => {
              setRefusal(null);
              try {
                await request.mutateAsync(values);
                helpers.resetForm();
                setSent(true);
              } catch (error) {
                if (isApiError(error) && error.status === 429) {
                  setRefusal(error.message);
                  return;
                }
                applyServerErrors(error, helpers.setErrors, STARTER_KIT_FIELDS);
              }
            }}
          >
            {({ isSubmitting }) => (
              <Form noValidate aria-label={t('starterKit.label')}>
                <TextField
                  name="name"
                  label={t('starterKit.name')}
                  autoComplete="name"
                  maxLength={STARTER_KIT_LIMITS.name}
                  required
                />
                <TextField
                  name="email"
                  type="email"
                  label={t('starterKit.email')}
                  autoComplete="email"
                  maxLength={STARTER_KIT_LIMITS.email}
                  required
                />
                <HoneypotField label={t('lists.honeypot')} />
                <ActionButton pending={isSubmitting} pendingLabel={t('starterKit.sending')}>
                  {t('starterKit.submit')}
                </ActionButton>
              </Form>
            )}
          </Formik>
        </>
      )}
    </div>
  );
}

/** The home page's section: what the kit is, and the form. */
export function StarterKitSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-starter-kit">
      <h2 id="home-starter-kit">{t('starterKit.title')}</h2>
      <p>{t('starterKit.text')}</p>
      <StarterKitForm />
    </section>
  );
}
