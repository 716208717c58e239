import { useField } from 'formik';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessages } from '@/components/form/field-messages';
import fileStyles from '@/components/form/file-field.module.css';
import { acceptFor, FILE_RULES, fileHref, MIB, uploadFile } from '@/components/form/file-upload';
import formCss from '@/components/form/form.module.css';
import { useFieldA11y } from '@/components/form/use-field-a11y';
import { isApiError } from '@/lib/api-error';
import { errorText } from '@/lib/toast';
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
  const rules = FILE_RULES[kind];
  const [field, meta, helpers] = useField<string>(name);
  const [urlField, , urlHelpers] = useField<string>(`${name}_url`);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const statusId = useId();
  const maxMb = rules.maxBytes / MIB;
  const hint = t('adminLists.webSetting.imageHint', { formats: rules.types.map((type) => type.label).join(', '), max: maxMb });
  const a11y = useFieldA11y(meta, hint);
  const error = uploadError ?? a11y.error;
  const errorId = error ? `${a11y.id}-error` : undefined;
  const builtIn = !field.value;
  const preview = builtIn ? BUILT_IN[name] : urlField.value;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setUploadError(undefined);
    if (file.size > rules.maxBytes) {
      setUploadError(t('adminLists.webSetting.tooLarge', { max: maxMb }));
      input.value = '';
      return;
    }
    setBusy(true);
    try {
      const stored = await uploadFile('admin', kind, file);
      await helpers.setTouched(true, false);
      await urlHelpers.setValue(fileHref('admin', stored.key));
      await helpers.setValue(stored.key);
    } catch (failure) {
      setUploadError(
        isApiError(failure) && failure.fields.file ? failure.fields.file : errorText(failure, t('errors.network')),
      );
    } finally {
      setBusy(false);
      input.value = '';
    }
  };

  const restore = () => {
    setUploadError(undefined);
    void urlHelpers.setValue('');
    void helpers.setValue('');
  };

  return (
    <div className={formCss.field}>
      <label htmlFor={a11y.id} className={formCss.label}>
        {label}
      </label>
      <div className={styles.preview}>
        <img src={preview} alt={t('adminLists.webSetting.previewAlt', { name: label })} {...BOX[name]} />
        {!builtIn && (
          <button type="button" className="btn btn-secondary btn-small" onClick={restore}>
            {t('adminLists.webSetting.builtIn')}
          </button>
        )}
      </div>
      <input
        id={a11y.id}
        type="file"
        accept={acceptFor(kind)}
        className={fileStyles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={[a11y.hintId, errorId, statusId].filter(Boolean).join(' ')}
        aria-busy={busy || undefined}
        disabled={busy}
        onChange={(event) => void onChange(event)}
      />
      <div id={statusId} className={fileStyles.status} aria-live="polite">
        {busy
          ? t('adminLists.webSetting.uploading')
          : builtIn
            ? t('adminLists.webSetting.usingBuiltIn')
            : t('adminLists.webSetting.usingUploaded')}
      </div>
      <FieldMessages hint={hint} hintId={a11y.hintId} error={error} errorId={errorId} />
    </div>
  );
}
