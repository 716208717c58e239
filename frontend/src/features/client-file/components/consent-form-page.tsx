import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FileField } from '@/components/form/file-field';
import { formStyles } from '@/components/form/form-styles';
import { PageTitle } from '@/components/layouts/page-title';
import { fileHref } from '@/components/form/file-upload';
import { formatDateTime } from '@/lib/format';
import { usePersistedState } from '@/lib/persisted-state';
import { bookingReturnPath, forgetBookingReturn } from '@/lib/redirect-url';
import { errorText } from '@/lib/toast';
import {
  consentFormTemplateUrl,
  useConsentForm,
  useSaveConsentForm,
  type ConsentFormValues,
} from '../api/consent-form';
import styles from './client-file.module.css';
import { saveForm } from './save';

const FIELDS = ['file_key'] as const;

/**
 * spec §2 client `consent-form-doc`: download the consent form, fill it in and sign it,
 * upload it as a PDF. Booking needs it (spec §5), so the status says plainly whether it is on file.
 * A client sent here by a booking page goes back to it (and its slot) once the form is saved.
 */
export function ConsentFormPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const consent = useConsentForm();
  const save = useSaveConsentForm();
  const bookingPath = usePersistedState(bookingReturnPath);
  const data = consent.data;
  return (
    <div className="stack">
      <PageTitle>{t('clientFile.consent.title')}</PageTitle>
      {bookingPath && (
        <p className={styles.bookingReturn}>
          {t('clientFile.consent.bookingReturn')} <Link to={bookingPath}>{t('clientFile.consent.backToBooking')}</Link>
        </p>
      )}
      {consent.isPending && <p role="status">{t('common.loading')}</p>}
      {consent.isError && <p role="alert">{errorText(consent.error, t('errors.network'))}</p>}
      {data && (
        <div className="card">
          <p
            className={`${styles.status} ${data.uploaded ? '' : styles.statusMissing}`}
            role="status"
            data-testid="consent-status"
          >
            {data.uploaded && data.file_key ? (
              <>
                {t('clientFile.consent.uploaded', { date: formatDateTime(data.uploaded_at, i18n.language) })}{' '}
                <a href={fileHref('client', data.file_key)} target="_blank" rel="noopener noreferrer">
                  {t('clientFile.consent.viewUploaded')}
                  <span className="visually-hidden"> {t('common.newWindow')}</span>
                </a>
              </>
            ) : (
              t('clientFile.consent.missing')
            )}
          </p>
          <h2>{t('clientFile.consent.howTitle')}</h2>
          <ol className={styles.steps}>
            <li>
              <a href={consentFormTemplateUrl(i18n.language)} download>
                {t('clientFile.consent.download')}
              </a>
            </li>
            <li>{t('clientFile.consent.fill')}</li>
            <li>{t('clientFile.consent.upload')}</li>
          </ol>
          <Formik<ConsentFormValues>
            initialValues={{ file_key: '' }}
            onSubmit={async (values, helpers) => {
              if (!values.file_key) {
                helpers.setErrors({ file_key: 'validation.required' });
                return;
              }
              if (await saveForm(() => save.mutateAsync(values), helpers.setErrors, FIELDS)) {
                helpers.resetForm();
                if (bookingPath) {
                  forgetBookingReturn();
                  await navigate(bookingPath, { state: { consentSaved: true } });
                }
              }
            }}
          >
            {({ isSubmitting, values }) => (
              <Form noValidate>
                <FileField
                  name="file_key"
                  kind="consent_form"
                  role="client"
                  label={t('clientFile.consent.file')}
                  required={!data.uploaded}
                />
                <div className={formStyles.actions}>
                  <button
                    type="submit"
                    className="btn"
                    disabled={isSubmitting || !values.file_key}
                    aria-busy={isSubmitting || undefined}
                  >
                    {t('clientFile.consent.send')}
                  </button>
                </div>
              </Form>
            )}
          </Formik>
        </div>
      )}
    </div>
  );
}
