import { Form, Formik } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formStyles } from '@/components/form/form-styles';
import { TextField } from '@/components/form/text-field';
import { useFocusFirstError } from '@/components/form/use-focus-first-error';
import { ActionButton } from '@/components/ui/action-button';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { errorText, toast } from '@/lib/toast';
import { browserTimeZone } from '@/lib/zoned-time';
import { usePublishLegalVersion } from '../api/publish-legal-version';
import {
  legalVersionSchema,
  serverFormErrors,
  siteTextValues,
  toLegalVersionBody,
  type LegalFormValues,
} from '../api/site-text-form';
import { SITE_LANGUAGES, type AdminLegalVersion, type LegalKind } from '../api/types';
import { SiteTextFields } from './site-text-fields';

type Props = {
  kind: LegalKind;
  /** The version in force, whose texts the new one starts from. */
  current: AdminLegalVersion;
};

function Fields({ kind, current, isSubmitting, unchanged }: Props & { isSubmitting: boolean; unchanged: string | null }) {
  const { t } = useTranslation();
  const inside = useFocusFirstError<HTMLDivElement>();
  return (
    <div ref={inside}>
      <p className={formStyles.hint}>{t('adminSite.legal.form.intro', { version: current.version })}</p>
      {SITE_LANGUAGES.map((language) => (
        <SiteTextFields key={language} language={language} />
      ))}
      <TextField
        name="effective_local"
        type="datetime-local"
        label={t('adminSite.legal.form.effective')}
        hint={t('adminSite.legal.form.effectiveHint', { zone: browserTimeZone() })}
      />
      {unchanged && (
        <p role="alert" className={formStyles.error}>
          {unchanged}
        </p>
      )}
      <div className={formStyles.actions}>
        <ActionButton pending={isSubmitting} pendingLabel={t('adminSite.legal.form.publishing')}>
          {t('adminSite.legal.form.publish')}
        </ActionButton>
        <Link className="btn btn-secondary" to={paths.admin.site[`${kind}.view`].getHref()}>
          {t('adminSite.legal.cancel')}
        </Link>
      </div>
    </div>
  );
}

/**
 * spec §2 admin `add-terms-condition` / `add-privacy-policy`: a new version, both languages' title,
 * description and Markdown body, started from the version in force so only what changes is edited,
 * and when it comes into force (empty: at once). The server's field errors (dotted names: `fr.title`,
 * `en.body`, `effective_at`) land on their fields; the same text as the version it follows is said
 * above the buttons (409 `legal_text_unchanged`); a success names the version and returns to the list.
 */
export function LegalVersionForm({ kind, current }: Props) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const publish = usePublishLegalVersion(kind);
  const schema = useMemo(() => legalVersionSchema(t, i18n.language), [t, i18n.language]);
  const initialValues = useMemo<LegalFormValues>(() => ({ ...siteTextValues(current), effective_local: '' }), [current]);
  const [unchanged, setUnchanged] = useState<string | null>(null);

  return (
    <Formik<LegalFormValues>
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        setUnchanged(null);
        try {
          // The mutation announces the success (meta.feedback), which outlives this form.
          await publish.mutateAsync(toLegalVersionBody(values));
          await navigate(paths.admin.site[`${kind}.view`].getHref());
        } catch (error) {
          if (isApiError(error) && error.code === 'legal_text_unchanged') {
            setUnchanged(error.message);
            return;
          }
          const mapped = serverFormErrors<LegalFormValues>(error);
          if (mapped && Object.keys(mapped.errors).length > 0) {
            helpers.setErrors(mapped.errors);
            if (mapped.unplaced > 0) toast.error(errorText(error, t('errors.network')));
            return;
          }
          toast.error(errorText(error, t('errors.network')));
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <Fields kind={kind} current={current} isSubmitting={isSubmitting} unchanged={unchanged} />
        </Form>
      )}
    </Formik>
  );
}
