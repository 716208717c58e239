import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '@/components/form/checkbox-group-field';
import { formStyles } from '@/components/form/form-styles';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { errorText } from '@/lib/toast';
import { buildPersonLists, usePersonOptions } from '../api/get-person-options';
import type { BasicProfile, ConsultantProfile } from '../api/profile';
import { basicProfileSchema, toBasicProfileBody, useSaveBasicProfile } from '../api/save-basic-profile';
import styles from './consultant-profile.module.css';
import { SaveButton } from './save-button';
import { saveSection } from './save-section';

const empty: BasicProfile = {
  title: '',
  gender: '',
  given_name: '',
  family_name: '',
  isd_code: '',
  contact_number: '',
  spoken_languages: [],
  timezone: '',
};
const FIELDS = Object.keys(empty) as (keyof BasicProfile)[];

/** spec §2 edit-account/basic-profile: title, gender, names, phone, languages spoken, time zone. */
export function BasicProfileForm({ profile, locked }: { profile: ConsultantProfile; locked: boolean }) {
  const { t, i18n } = useTranslation();
  const options = usePersonOptions();
  const save = useSaveBasicProfile();
  const timezone = profile.basic_profile?.timezone ?? '';
  const lists = useMemo(
    () => (options.data ? buildPersonLists(options.data, t, i18n.language, timezone) : null),
    [options.data, t, i18n.language, timezone],
  );
  const initialValues = { ...empty, ...profile.basic_profile };
  if (!lists)
    return options.isError ? (
      <p role="alert">{errorText(options.error, t('errors.network'))}</p>
    ) : (
      <p role="status">{t('common.loading')}</p>
    );
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={basicProfileSchema}
      onSubmit={async (values, helpers) => {
        await saveSection(() => save.mutateAsync(toBasicProfileBody(values)), helpers.setErrors, FIELDS);
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <div className={formStyles.row}>
            <SelectField name="title" label={t('fields.title')} options={lists.titles} required />
            <SelectField name="gender" label={t('fields.gender')} options={lists.genders} required />
          </div>
          <div className={formStyles.row}>
            <TextField name="given_name" label={t('fields.givenName')} autoComplete="given-name" required />
            <TextField name="family_name" label={t('fields.familyName')} autoComplete="family-name" required />
          </div>
          <div className={formStyles.rowNarrowFirst}>
            <SelectField name="isd_code" label={t('fields.isdCode')} options={lists.isdCodes} required />
            <TextField
              name="contact_number"
              type="tel"
              inputMode="tel"
              label={t('fields.contactNumber')}
              autoComplete="tel-national"
              required
            />
          </div>
          <SelectField name="timezone" label={t('fields.timezone')} options={lists.timezones} required />
          <div className={styles.scrollGroup}>
            <CheckboxGroupField
              name="spoken_languages"
              legend={t('fields.spokenLanguages')}
              options={lists.languages}
              required
            />
          </div>
          <SaveButton submitting={isSubmitting} locked={locked} />
        </Form>
      )}
    </Formik>
  );
}
