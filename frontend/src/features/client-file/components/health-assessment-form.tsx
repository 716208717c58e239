import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CheckboxField } from '@/components/form/checkbox-field';
import { formStyles } from '@/components/form/form-styles';
import { SelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { PageTitle } from '@/components/layouts/page-title';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/toast';
import {
  CHOICES,
  HEALTH_FIELDS,
  LIMITS,
  healthAssessmentSchema,
  healthAssessmentValues,
  useHealthAssessment,
  useSaveHealthAssessment,
  type HealthAssessmentValues,
} from '../api/health-assessment';
import styles from './client-file.module.css';
import { saveForm } from './save';

type Choice = keyof typeof CHOICES;

/**
 * spec §2 client `health-assesment` (the spec's spelling): the health assessment form.
 * Saved answers open in the read-only document, `health-assessment-doc`.
 */
export function HealthAssessmentForm() {
  const { t } = useTranslation();
  const saved = useHealthAssessment();
  const save = useSaveHealthAssessment();
  const navigate = useNavigate();
  const options = (name: Choice) =>
    CHOICES[name].map((value) => ({ value, label: t(`clientFile.health.choices.${name}.${value}`) }));
  const text = (name: keyof typeof LIMITS, required = false) => (
    <TextAreaField
      name={name}
      label={t(`clientFile.health.fields.${name}`)}
      hint={t(`clientFile.health.hints.${name}`)}
      maxLength={LIMITS[name]}
      rows={3}
      required={required}
    />
  );
  return (
    <div className="stack">
      <div className={styles.header}>
        <PageTitle>{t('clientFile.health.formTitle')}</PageTitle>
        <Link to={paths.client.healthAssessmentDoc.getHref()}>{t('clientFile.health.toDocument')}</Link>
      </div>
      <p>{t('clientFile.health.intro')}</p>
      {saved.isPending && <p role="status">{t('common.loading')}</p>}
      {saved.isError && <p role="alert">{errorText(saved.error, t('errors.network'))}</p>}
      {saved.data && (
        <div className="card">
          <Formik<HealthAssessmentValues>
            initialValues={healthAssessmentValues(saved.data)}
            validationSchema={healthAssessmentSchema}
            onSubmit={async (values, helpers) => {
              if (await saveForm(() => save.mutateAsync(values), helpers.setErrors, HEALTH_FIELDS)) {
                await navigate(paths.client.healthAssessmentDoc.getHref());
              }
            }}
          >
            {({ isSubmitting }) => (
              <Form noValidate>
                <fieldset className={formStyles.fieldset}>
                  <legend className={formStyles.legend}>{t('clientFile.health.sections.consultation')}</legend>
                  {text('reason', true)}
                  {text('current_treatments')}
                  {text('allergies')}
                  {text('medical_history')}
                  <SelectField
                    name="pregnancy"
                    label={t('clientFile.health.fields.pregnancy')}
                    options={options('pregnancy')}
                    required
                  />
                </fieldset>
                <fieldset className={formStyles.fieldset}>
                  <legend className={formStyles.legend}>{t('clientFile.health.sections.lifestyle')}</legend>
                  <SelectField name="sleep" label={t('clientFile.health.fields.sleep')} options={options('sleep')} required />
                  <SelectField
                    name="stress"
                    label={t('clientFile.health.fields.stress')}
                    options={options('stress')}
                    required
                  />
                  <SelectField name="diet" label={t('clientFile.health.fields.diet')} options={options('diet')} required />
                  {text('lifestyle_notes')}
                </fieldset>
                <CheckboxField name="share_with_experts" label={t('clientFile.health.fields.share_with_experts')}>
                  {t('clientFile.health.hints.share_with_experts')}
                </CheckboxField>
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
