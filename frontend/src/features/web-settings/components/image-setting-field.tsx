import { useField } from 'formik';
import { useTranslation } from 'react-i18next';
import { FieldMessages } from '@/components/form/field-messages';
import fileStyles from '@/components/form/file-field.module.css';
import formCss from '@/components/form/form.module.css';
import { useUploadOnChoose } from '@/components/form/use-upload-on-choose';
import type { ImageField } from '../api/web-settings-form';
import styles from './web-settings.module.css';

/** The built-in images the site shows while a setting is `""`. */
const BUILT_IN: Record<ImageField, string> = {
  web_logo: '/logo.svg',
  footer_logo: '/logo.svg',
  email_logo: '/logo.svg',
  favicon: '/favicon.svg',
};

/** The preview's box: the spec's logo size (120 × 80), a favicon's 32 × 32. */
const BOX: Record<ImageField, { width: number; height: number }> = {
  web_logo: { width: 120, height: 80 },
  footer_logo: { width: 120, height: 80 },
  email_logo: { width: 120, height: 80 },
  favicon: { width: 32, height: 32 },
};

/**
 * One of the site's images: chosen, it is uploaded at once (`POST /api/admin-panel/files?kind=site_logo`,
 * JPEG or PNG, or `kind=favicon`, PNG or ICO; 1 MiB) and previewed; the form keeps its key until saved.
 * « Image d’origine » goes back to the built-in one (`""`).
 */
export function ImageSettingField({ name, label }: { name: ImageField; label: string }) {
  const { t } = useTranslation();
  const kind = name === 'favicon' ? 'favicon' : 'site_logo';
  const [field] = useField<string>(name);
  const [urlField] = useField<string>(`${name}_url`);
  const upload = useUploadOnChoose({
    name,
    kind,
    role: 'admin',
    urlName: `${name}_url`,
    hint: (formats, max) => t('adminLists.webSetting.imageHint', { formats, max }),
    tooLarge: (max) => t('adminLists.webSetting.tooLarge', { max }),
  });
  const builtIn = !field.value;
  const preview = builtIn ? BUILT_IN[name] : urlField.value;

  return (
    <div className={formCss.field}>
      <label htmlFor={upload.id} className={formCss.label}>
        {label}
      </label>
      <div className={styles.preview}>
        <img src={preview} alt={t('adminLists.webSetting.previewAlt', { name: label })} {...BOX[name]} />
        {!builtIn && (
          <button type="button" className="btn btn-secondary btn-small" onClick={upload.clear}>
            {t('adminLists.webSetting.builtIn')}
          </button>
        )}
      </div>
      <input {...upload.inputProps} />
      <div id={upload.statusId} className={fileStyles.status} aria-live="polite">
        {upload.busy
          ? t('adminLists.webSetting.uploading')
          : builtIn
            ? t('adminLists.webSetting.usingBuiltIn')
            : t('adminLists.webSetting.usingUploaded')}
      </div>
      <FieldMessages {...upload.messages} />
    </div>
  );
}
