import { Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField } from '@/components/form/file-field';
import type { FileKind } from '@/components/form/file-upload';
import { formStyles } from '@/components/form/form-styles';
import { TextField } from '@/components/form/text-field';
import { AWARD_YEAR_MIN, awardSchema, awardYearMax, emptyAward, type AwardValues } from '../api/award';
import type { Certificate, Degree } from '../api/profile';
import { useFocusFirstError } from '@/components/form/use-focus-first-error';

type Props = {
  kind: Extract<FileKind, 'degree' | 'certificate'>;
  /** The entry edited, or none to add one. */
  entry?: Degree | Certificate;
  locked: boolean;
  onSubmit: (values: AwardValues, helpers: FormikHelpers<AwardValues>) => Promise<void>;
  onCancel?: () => void;
  submitLabel: string;
};

function AwardActions({ locked, submitLabel, onCancel }: Pick<Props, 'locked' | 'submitLabel' | 'onCancel'>) {
  const { t } = useTranslation();
  const { isSubmitting } = useFormikContext();
  const ref = useFocusFirstError<HTMLDivElement>();
  return (
    <div className={formStyles.actions} ref={ref}>
      <button type="submit" className="btn" disabled={isSubmitting || locked} aria-busy={isSubmitting || undefined}>
        {submitLabel}
      </button>
      {onCancel && (
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('consultantProfile.cancel')}
        </button>
      )}
    </div>
  );
}

/** A degree (name, school, year of graduation, JPG/PNG scan) or a certificate (the same plus an optional number). */
export function AwardForm({ kind, entry, locked, onSubmit, onCancel, submitLabel }: Props) {
  const { t } = useTranslation();
  const schema = useMemo(() => awardSchema(t), [t]);
  const certificate = kind === 'certificate';
  const initialValues: AwardValues = entry
    ? {
        name: entry.name,
        school: entry.school,
        year: String(entry.year),
        number: ('number' in entry ? entry.number : null) ?? '',
        attachment_key: entry.attachment?.key ?? '',
      }
    : emptyAward;
  const labels = certificate ? 'consultantProfile.certificate' : 'consultantProfile.degree';
  return (
    <Formik initialValues={initialValues} validationSchema={schema} onSubmit={onSubmit}>
      <Form noValidate>
        <div className={formStyles.row}>
          <TextField name="name" label={t(`${labels}.name`)} maxLength={200} required />
          <TextField name="school" label={t(`${labels}.school`)} maxLength={200} required />
        </div>
        <div className={formStyles.row}>
          <TextField
            name="year"
            type="number"
            inputMode="numeric"
            min={AWARD_YEAR_MIN}
            max={awardYearMax()}
            step={1}
            label={t(`${labels}.year`)}
            hint={t('consultantProfile.yearHint', { min: AWARD_YEAR_MIN, max: awardYearMax() })}
            required
          />
          {certificate && (
            <TextField
              name="number"
              label={t('consultantProfile.certificate.number')}
              hint={t('consultantProfile.certificate.numberHint')}
              maxLength={50}
            />
          )}
        </div>
        <FileField
          name="attachment_key"
          kind={kind}
          label={t(`${labels}.attachment`)}
          current={entry?.attachment}
          required
        />
        <AwardActions locked={locked} submitLabel={submitLabel} onCancel={onCancel} />
      </Form>
    </Formik>
  );
}
