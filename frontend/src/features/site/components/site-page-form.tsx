import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formStyles } from '@/components/form/form-styles';
import { useFocusFirstError } from '@/components/form/use-focus-first-error';
import { ActionButton } from '@/components/ui/action-button';
import { paths } from '@/config/paths';
import { errorText, toast } from '@/lib/toast';
import { useSaveSitePage } from '../api/save-site-page';
import {
  serverFormErrors,
  sitePageSchema,
  siteTextValues,
  toSitePageBody,
  type SitePageFormValues,
} from '../api/site-text-form';
import { SITE_LANGUAGES, type AdminSitePage } from '../api/types';
import { SiteTextFields } from './site-text-fields';

function Fields({ page, isSubmitting }: { page: AdminSitePage; isSubmitting: boolean }) {
  const { t } = useTranslation();
  const inside = useFocusFirstError<HTMLDivElement>();
  return (
    <div ref={inside}>
      <p className={formStyles.hint}>
        {t(page.key === 'disclaimer' ? 'adminSite.pages.form.disclaimerIntro' : 'adminSite.pages.form.intro')}
      </p>
      {SITE_LANGUAGES.map((language) => (
        <SiteTextFields key={language} language={language} />
      ))}
      <div className={formStyles.actions}>
        <ActionButton pending={isSubmitting} pendingLabel={t('adminSite.pages.form.saving')}>
          {t('adminSite.pages.form.save')}
        </ActionButton>
        <Link className="btn btn-secondary" to={paths.admin.site['pages.list'].getHref()}>
          {t('adminSite.pages.form.cancel')}
        </Link>
      </div>
    </div>
  );
}

/**
 * Ours (issue 13) `/admin/edit-site-page/{key}`: a static page's (or the disclaimer's) French and
 * English title, description and Markdown body. The server's field errors (dotted names: `fr.title`,
 * `en.body`) land on their fields; a success is announced and returns to the list.
 */
export function SitePageForm({ page }: { page: AdminSitePage }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveSitePage(page.key);
  const schema = useMemo(() => sitePageSchema(t, i18n.language), [t, i18n.language]);
  const initialValues = useMemo(() => siteTextValues(page), [page]);

  return (
    <Formik<SitePageFormValues>
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        try {
          // The mutation announces the success (meta.feedback), which outlives this form.
          await save.mutateAsync(toSitePageBody(values));
          await navigate(paths.admin.site['pages.list'].getHref());
        } catch (error) {
          const mapped = serverFormErrors<SitePageFormValues>(error);
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
          <Fields page={page} isSubmitting={isSubmitting} />
        </Form>
      )}
    </Formik>
  );
}
