import { Form, Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SelectField, type Option } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { formStyles } from '@/components/form/form-styles';
import { PageTitle } from '@/components/layouts/page-title';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { localName, usePublicReferenceItems } from '@/lib/public-reference';
import { errorText, toast } from '@/lib/toast';
import { useViewerZone } from '@/lib/viewer-zone';
import { formatShortDateTimeIn } from '@/lib/zoned-time';
import {
  fileComplaintInitialValues,
  fileComplaintSchema,
  PLATFORM,
  toFileComplaintBody,
  useFileComplaint,
  type FileComplaintValues,
} from '../api/file-complaint';
import { useOwnBookings } from '../api/get-own-bookings';
import { DESIRED_OUTCOMES, LIMITS, type PartyArea } from '../api/types';
import { AttachmentsField } from './attachments-field';
import styles from './complaints.module.css';
import { ActionButton } from '@/components/ui/action-button';
import { clientName } from '@/lib/erased-name';

const FIELDS = ['booking_id', 'complaint_type_id', 'subject', 'description', 'desired_outcome', 'attachments'] as const;
/** Refusals about the chosen booking, shown on its field. */
const BOOKING_CODES = ['complaint_already_open', 'complaint_booking_not_eligible', 'not_found'];

type Props = { area: PartyArea; bookingId?: string };

/**
 * spec §2 client and consultant `add-complaint`: about one of the caller's bookings (its other party is the
 * respondent) or about the platform; type, subject, description, desired outcome, up to 5 files.
 */
export function FileComplaintPage({ area, bookingId }: Props) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const bookings = useOwnBookings(area);
  const types = usePublicReferenceItems('complaint-types');
  const file = useFileComplaint();
  const zone = useViewerZone(area);

  const otherParty = (row: { consultant: { name: string | null }; client: { name: string | null } }) =>
    (area === 'client' ? row.consultant.name : clientName(row.client.name, t)) ?? t('complaints.unnamed');
  const bookingOptions: Option[] = [
    { value: PLATFORM, label: t('complaints.form.platform') },
    ...(bookings.data ?? []).map((row) => ({
      value: row.id,
      label: t('complaints.form.bookingOption', {
        date: formatShortDateTimeIn(row.start, zone, i18n.language),
        name: otherParty(row),
        status: t(`complaints.bookingStatus.${row.status}`, { defaultValue: row.status }),
      }),
    })),
  ];
  const typeOptions: Option[] = (types.data ?? []).map((item) => ({ value: item.id, label: localName(item, i18n.language) }));
  const outcomeOptions: Option[] = [
    { value: '', label: t('complaints.outcomes.none') },
    ...DESIRED_OUTCOMES.map((value) => ({ value, label: t(`complaints.outcomes.${value}`) })),
  ];
  const preselected = bookingId && (bookings.data ?? []).some((row) => row.id === bookingId) ? bookingId : '';

  const submit = async (values: FileComplaintValues, helpers: FormikHelpers<FileComplaintValues>) => {
    try {
      const created = await file.mutateAsync({ area, body: toFileComplaintBody(values) });
      toast.success(t('complaints.form.filed'));
      await navigate(paths[area].complaint.getHref(created.complaint_id));
    } catch (error) {
      if (isApiError(error) && BOOKING_CODES.includes(error.code) && Object.keys(error.fields).length === 0) {
        helpers.setFieldError('booking_id', error.message);
        toast.error(errorText(error, t('errors.network')));
        return;
      }
      applyServerErrors(error, helpers.setErrors, FIELDS);
    }
  };

  return (
    <div className="stack">
      <PageTitle>{t('complaints.titles.add')}</PageTitle>
      <p className={styles.muted}>{t('complaints.form.intro')}</p>
      <section className="card" aria-labelledby="complaint-form-title">
        <h2 id="complaint-form-title">{t('complaints.form.title')}</h2>
        {bookings.isError && <p role="alert">{errorText(bookings.error, t('errors.network'))}</p>}
        <Formik
          key={preselected}
          initialValues={fileComplaintInitialValues(preselected)}
          validationSchema={fileComplaintSchema}
          onSubmit={submit}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <SelectField
                name="booking_id"
                label={t('complaints.form.booking')}
                options={bookingOptions}
                hint={bookings.isPending ? t('common.loading') : t('complaints.form.bookingHint')}
                required
              />
              <SelectField name="complaint_type_id" label={t('complaints.form.type')} options={typeOptions} required />
              <TextField
                name="subject"
                label={t('complaints.form.subject')}
                hint={t('complaints.form.length', LIMITS.subject)}
                maxLength={LIMITS.subject.max}
                required
              />
              <TextAreaField
                name="description"
                label={t('complaints.form.description')}
                hint={t('complaints.form.length', LIMITS.description)}
                maxLength={LIMITS.description.max}
                rows={8}
                required
              />
              <SelectField
                name="desired_outcome"
                label={t('complaints.form.outcome')}
                options={outcomeOptions}
                placeholder={false}
              />
              <AttachmentsField name="attachments" role={area} />
              <div className={formStyles.actions}>
                <ActionButton pending={isSubmitting}>
                  {t('complaints.form.submit')}
                </ActionButton>
              </div>
            </Form>
          )}
        </Formik>
      </section>
    </div>
  );
}
