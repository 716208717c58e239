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
import styles from './blog-admin.module.css';

const RULES = FILE_RULES.blog_cover;
/** The preview's box (16:9), so the form does not jump when the image arrives. */
const PREVIEW = { width: 320, height: 180 };

/**
 * The optional cover image: chosen, it is uploaded at once (`POST /api/admin-panel/files?kind=blog_cover`,
 * JPEG or PNG up to 5 MiB) and previewed; the form keeps its key. It can be removed.
 */
export function CoverField() {
  const { t } = useTranslation();
  const [field, meta, helpers] = useField<string>('cover');
  const [urlField, , urlHelpers] = useField<string>('cover_url');
  const [uploadError, setUploadError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const statusId = useId();
  const maxMb = RULES.maxBytes / MIB;
  const hint = t('adminBlog.cover.hint', { formats: RULES.types.map((type) => type.label).join(', '), max: maxMb });
  const a11y = useFieldA11y(meta, hint);
  const error = uploadError ?? a11y.error;
  const errorId = error ? `${a11y.id}-error` : undefined;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setUploadError(undefined);
    if (file.size > RULES.maxBytes) {
      setUploadError(t('adminBlog.cover.tooLarge', { max: maxMb }));
      input.value = '';
      return;
    }
    setBusy(true);
    try {
      const stored = await uploadFile('admin', 'blog_cover', file);
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

  const remove = () => {
    setUploadError(undefined);
    void urlHelpers.setValue('');
    void helpers.setValue('');
  };

  return (
    <div className={formCss.field}>
      <label htmlFor={a11y.id} className={formCss.label}>
        {t('adminBlog.cover.label')}
      </label>
      <input
        id={a11y.id}
        type="file"
        accept={acceptFor('blog_cover')}
        className={fileStyles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={[a11y.hintId, errorId, statusId].filter(Boolean).join(' ')}
        aria-busy={busy || undefined}
        disabled={busy}
        onChange={(event) => void onChange(event)}
      />
      <div id={statusId} className={fileStyles.status} aria-live="polite">
        {busy ? t('adminBlog.cover.uploading') : field.value ? '' : t('adminBlog.cover.none')}
      </div>
      {field.value && !busy && (
        <div className={styles.cover}>
          {urlField.value && (
            <img
              src={urlField.value}
              width={PREVIEW.width}
              height={PREVIEW.height}
              alt={t('adminBlog.cover.previewAlt')}
              className={styles.coverPreview}
            />
          )}
          <button type="button" className="btn btn-secondary btn-small" onClick={remove}>
            {t('adminBlog.cover.remove')}
          </button>
        </div>
      )}
      <FieldMessages hint={hint} hintId={a11y.hintId} error={error} errorId={errorId} />
    </div>
  );
}
