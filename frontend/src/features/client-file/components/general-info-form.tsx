import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { PageTitle } from '@/components/layouts/page-title';
import { formatDateTime } from '@/lib/format';
import { errorText } from '@/lib/toast';
import {
  GENERAL_FIELDS,
  HEIGHT_CM,
  REFERRAL_SOURCES,
  WEIGHT_KG,
  generalInfoSchema,
  generalInfoValues,
  useGeneralInfo,
  useSaveGeneralInfo,
  type GeneralInfoValues,
} from '../api/general-info';
import styles from './client-file.module.css';
import { saveForm } from './save';

/** The ISD prefix offered when the client has not given one (the platform's home market). */
const DEFAULT_ISD = '+33';

/**
 * spec §2 client `general-info`: occupation, height and weight, an emergency contact and
 * how the client heard of us; every field optional (docs/rules.md "Client file").
 */
export function GeneralInfoForm() {
  const { t, i18n } = useTranslation();
  const saved = useGeneralInfo();
  const save = useSaveGeneralInfo();
  const schema = useMemo(() => generalInfoSchema(t), [t]);
  const sources = REFERRAL_SOURCES.map((value) => ({ value, label: t(`clientFile.general.sources.${value}`) }));
  return (
    <div className="stack">
      <PageTitle>{t('clientFile.general.title')}</PageTitle>
      <p>{t('clientFile.general.intro')}</p>
      {saved.isPending && <p role="status">{t('common.loading')}</p>}
      {saved.isError && <p role="alert">{errorText(saved.error, t('errors.network'))}</p>}
      {saved.data && (
        <div className="card">
          {saved.data.saved_at && (
            <p className={styles.status} role="status">
              {t('clientFile.general.savedAt', { date: formatDateTime(saved.data.saved_at, i18n.language) })}
            </p>
          )}
          <Formik<GeneralInfoValues>
            initialValues={generalInfoValues(saved.data, DEFAULT_ISD)}
            validationSchema={schema}
            onSubmit={async (values, helpers) => {
              await saveForm(() => save.mutateAsync(values), helpers.setErrors, GENERAL_FIELDS);
            }}
          >
            {({ isSubmitting }) => (
              <Form noValidate>
                <TextField
                  name="occupation"
                  label={t('clientFile.general.fields.occupation')}
                  autoComplete="organization-title"
                  maxLength={100}
                />
                <div className={formStyles.row}>
                  <TextField
                    name="height_cm"
                    label={t('clientFile.general.fields.height_cm')}
                    hint={t('clientFile.general.hints.range', HEIGHT_CM)}
                    inputMode="numeric"
                  />
                  <TextField
                    name="weight_kg"
                    label={t('clientFile.general.fields.weight_kg')}
                    hint={t('clientFile.general.hints.range', WEIGHT_KG)}
                    inputMode="numeric"
                  />
                </div>
                <fieldset className={formStyles.fieldset}>
                  <legend className={formStyles.legend}>{t('clientFile.general.emergency')}</legend>
                  <TextField
                    name="emergency_contact_name"
                    label={t('clientFile.general.fields.emergency_contact_name')}
                    maxLength={100}
                  />
                  <div className={formStyles.rowNarrowFirst}>
                    <TextField
                      name="emergency_contact_isd_code"
                      label={t('clientFile.general.fields.emergency_contact_isd_code')}
                      inputMode="tel"
                    />
                    <TextField
                      name="emergency_contact_number"
                      label={t('clientFile.general.fields.emergency_contact_number')}
                      type="tel"
                      inputMode="tel"
                    />
                  </div>
                </fieldset>
                <SelectField
                  name="referral_source"
                  label={t('clientFile.general.fields.referral_source')}
                  options={sources}
                />
                <div className={formStyles.actions}>
                  <button type="submit" className="btn" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
                    {t('clientFile.save')}
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
