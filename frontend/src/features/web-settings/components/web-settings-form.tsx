import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import { TextField } from '@/components/form/text-field';
import { PageTitle } from '@/components/layouts/page-title';
import { ActionButton } from '@/components/ui/action-button';
import { applyServerErrors } from '@/lib/form-errors';
import { errorText } from '@/lib/toast';
import {
  IMAGE_FIELDS,
  SOCIAL_FIELDS,
  toWebSettingsBody,
  toWebSettingsValues,
  useAdminWebSettings,
  useSaveWebSettings,
  WEB_SETTINGS_FIELDS,
  WEB_SETTINGS_LIMITS,
  webSettingsSchema,
  type AdminWebSettings,
} from '../api/web-settings-form';
import { ImageSettingField } from './image-setting-field';
import styles from './web-settings.module.css';

/**
 * spec §2 admin `websetting` (the Medicine group's Web Setting Page): the site's title, domain and legal
 * names, its three logos and favicon (uploaded, previewed, or back to the built-in ones) and its social
 * links (https). Saved, the public pages show them on their next load (this page's icon at once).
 */
export function WebSettingsScreen() {
  const { t } = useTranslation();
  const settings = useAdminWebSettings();
  return (
    <div className="stack">
      <PageTitle>{t('adminLists.titles.webSetting')}</PageTitle>
      {settings.isPending && <p role="status">{t('common.loading')}</p>}
      {settings.isError && <p role="alert">{errorText(settings.error, t('errors.network'))}</p>}
      {settings.data && <WebSettingsForm settings={settings.data} />}
    </div>
  );
}

function WebSettingsForm({ settings }: { settings: AdminWebSettings }) {
  const { t } = useTranslation();
  const save = useSaveWebSettings();
  const schema = useMemo(() => webSettingsSchema(t), [t]);
  const k = 'adminLists.webSetting';

  return (
    <Formik
      initialValues={toWebSettingsValues(settings)}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        try {
          await save.mutateAsync(toWebSettingsBody(values));
        } catch (error) {
          applyServerErrors(error, helpers.setErrors, WEB_SETTINGS_FIELDS);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t('adminLists.titles.webSetting')} className={`card ${styles.form}`}>
          <fieldset className={formStyles.fieldset}>
            <legend className={formStyles.legend}>{t(`${k}.identity`)}</legend>
            <TextField name="site_title" label={t(`${k}.siteTitle`)} maxLength={WEB_SETTINGS_LIMITS.site_title} required />
            <TextField
              name="domain_name"
              label={t(`${k}.domainName`)}
              hint={t(`${k}.domainHint`)}
              maxLength={WEB_SETTINGS_LIMITS.domain_name}
              required
            />
            <TextField name="legal_name" label={t(`${k}.legalName`)} maxLength={WEB_SETTINGS_LIMITS.legal_name} required />
          </fieldset>
          <fieldset className={formStyles.fieldset}>
            <legend className={formStyles.legend}>{t(`${k}.images`)}</legend>
            <div className={styles.images}>
              {IMAGE_FIELDS.map((name) => (
                <ImageSettingField key={name} name={name} label={t(`${k}.imageNames.${name}`)} />
              ))}
            </div>
          </fieldset>
          <fieldset className={formStyles.fieldset}>
            <legend className={formStyles.legend}>{t(`${k}.social`)}</legend>
            <p className={formStyles.hint}>{t(`${k}.socialHint`)}</p>
            {SOCIAL_FIELDS.map((name) => (
              <TextField
                key={name}
                name={name}
                type="url"
                inputMode="url"
                label={t(`${k}.socialNames.${name}`)}
                placeholder="https://"
                maxLength={WEB_SETTINGS_LIMITS.social}
              />
            ))}
          </fieldset>
          <div className={formStyles.actions}>
            <ActionButton pending={isSubmitting} pendingLabel={t(`${k}.saving`)}>
              {t(`${k}.save`)}
            </ActionButton>
          </div>
        </Form>
      )}
    </Formik>
  );
}
