import { Form, Formik, useFormikContext } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/form/checkbox-field';
import { CheckboxGroupField } from '@/components/form/checkbox-group-field';
import { FileField } from '@/components/form/file-field';
import { formStyles } from '@/components/form/form-styles';
import { SelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { usePolicies } from '@/lib/policies';
import { usePersonOptions } from '../api/get-person-options';
import { CURRENCIES, formatPriceInput, minorDigits } from '../api/money';
import { detailsPrice, type ConsultantProfile } from '../api/profile';
import { DETAILS_LIMITS, detailsSchema, toDetailsBody, useSaveDetails, type DetailsValues } from '../api/save-details';
import styles from './consultant-profile.module.css';
import { ReferenceCheckboxes } from './reference-checkboxes';
import { SaveButton } from './save-button';
import { saveSection } from './save-section';

const FIELDS = [
  'bio',
  'background',
  'expertise',
  'bio_en',
  'background_en',
  'expertise_en',
  'video_url',
  'keyword_ids',
  'objective_ids',
  'disorder_ids',
  'specialisation_ids',
  'photo_key',
  'resume_key',
  'price',
  'currency',
  'session_minutes',
  'languages',
  'first_consultation_free',
] as const;

/** The expert's own texts, written in French and optionally in English (`<name>_en`). */
const OWN_TEXTS = [
  { name: 'bio', rows: 6 },
  { name: 'background', rows: 5 },
  { name: 'expertise', rows: 3 },
] as const;

const currencyOptions = CURRENCIES.map((code) => ({ value: code, label: code }));

/** The price as typed, its currency beside it; the hint follows the currency's decimals. */
function PriceFields() {
  const { t } = useTranslation();
  const { values } = useFormikContext<DetailsValues>();
  const digits = minorDigits(values.currency);
  return (
    <div className={formStyles.row}>
      <TextField
        name="price"
        inputMode="decimal"
        autoComplete="off"
        label={t('consultantProfile.details.price')}
        hint={t(digits ? 'consultantProfile.details.priceHint' : 'consultantProfile.details.priceHintWhole')}
        required
      />
      <SelectField name="currency" label={t('consultantProfile.details.currency')} options={currencyOptions} required />
    </div>
  );
}

/** spec §2 edit-account/profile-detail (spec §3 "Profile" plus languages and the free first consultation). */
export function DetailsForm({ profile, locked }: { profile: ConsultantProfile; locked: boolean }) {
  const { t, i18n } = useTranslation();
  const save = useSaveDetails();
  const registration = usePersonOptions();
  const language = i18n.language;
  const schema = useMemo(() => detailsSchema(t, language), [t, language]);
  const languageOptions = useMemo(
    () =>
      (registration.data?.languages ?? [])
        .map((l) => ({ value: l.code, label: language === 'en' ? l.name_en : l.name_fr }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [registration.data, language],
  );
  const d = profile.profile_details;
  // The lengths the server allows; until they arrive, the saved one alone.
  const durations = usePolicies().data?.session_durations_minutes;
  const savedMinutes = d?.session_minutes ?? 60;
  const minuteOptions = useMemo(
    () =>
      (durations ?? [savedMinutes]).map((m) => ({
        value: String(m),
        label: t('consultantProfile.details.minutes', { count: m }),
      })),
    [durations, savedMinutes, t],
  );
  const price = d ? detailsPrice(d) : null;
  const initialValues: DetailsValues = {
    bio: d?.bio ?? '',
    background: d?.background ?? '',
    expertise: d?.expertise ?? '',
    bio_en: d?.bio_en ?? '',
    background_en: d?.background_en ?? '',
    expertise_en: d?.expertise_en ?? '',
    video_url: d?.video_url ?? '',
    keyword_ids: d?.keyword_ids ?? [],
    objective_ids: d?.objective_ids ?? [],
    disorder_ids: d?.disorder_ids ?? [],
    specialisation_ids: d?.specialisation_ids ?? [],
    photo_key: d?.photo?.key ?? '',
    resume_key: d?.resume?.key ?? '',
    price: price ? formatPriceInput(price.minor, price.currency, language) : '',
    currency: price?.currency ?? 'EUR',
    session_minutes: String(savedMinutes),
    languages: d?.languages ?? profile.basic_profile?.spoken_languages ?? [],
    first_consultation_free: d?.first_consultation_free ?? false,
  };
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        await saveSection(() => save.mutateAsync(toDetailsBody(values)), helpers.setErrors, FIELDS, {
          price_minor: 'price',
        });
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <h2>{t('consultantProfile.details.presentation')}</h2>
          <FileField
            name="photo_key"
            kind="profile_photo"
            label={t('consultantProfile.details.photo')}
            current={d?.photo}
            required
          />
          {OWN_TEXTS.map(({ name, rows }) => (
            <TextAreaField
              key={name}
              name={name}
              label={t(`consultantProfile.details.${name}`)}
              maxLength={DETAILS_LIMITS[name]}
              rows={rows}
              required={name === 'bio'}
            />
          ))}
          <fieldset className={formStyles.fieldset}>
            <legend className={formStyles.legend}>{t('consultantProfile.details.english')}</legend>
            <p className={formStyles.hint}>{t('consultantProfile.details.englishHint')}</p>
            <div lang="en">
              {OWN_TEXTS.map(({ name, rows }) => (
                <TextAreaField
                  key={name}
                  name={`${name}_en`}
                  label={t(`consultantProfile.details.${name}En`)}
                  maxLength={DETAILS_LIMITS[name]}
                  rows={rows}
                />
              ))}
            </div>
          </fieldset>
          <TextField
            name="video_url"
            type="url"
            inputMode="url"
            label={t('consultantProfile.details.videoUrl')}
            hint={t('consultantProfile.details.videoUrlHint')}
          />
          <FileField
            name="resume_key"
            kind="resume"
            label={t('consultantProfile.details.resume')}
            current={d?.resume}
            required
          />

          <h2>{t('consultantProfile.details.consultations')}</h2>
          <PriceFields />
          <SelectField
            name="session_minutes"
            label={t('consultantProfile.details.sessionMinutes')}
            options={minuteOptions}
            required
          />
          <CheckboxField name="first_consultation_free" label={t('consultantProfile.details.firstFree')} />
          <div className={styles.scrollGroup}>
            <CheckboxGroupField
              name="languages"
              legend={t('consultantProfile.details.languages')}
              options={languageOptions}
              required
            />
          </div>

          <h2>{t('consultantProfile.details.topics')}</h2>
          <ReferenceCheckboxes
            name="specialisation_ids"
            kind="specializations"
            legend={t('consultantProfile.details.specialisations')}
            required
          />
          <ReferenceCheckboxes name="disorder_ids" kind="disorders" legend={t('consultantProfile.details.disorders')} />
          <ReferenceCheckboxes name="keyword_ids" kind="keywords" legend={t('consultantProfile.details.keywords')} />
          <ReferenceCheckboxes
            name="objective_ids"
            kind="objectives"
            legend={t('consultantProfile.details.objectives')}
          />
          <SaveButton submitting={isSubmitting} locked={locked} />
        </Form>
      )}
    </Formik>
  );
}
