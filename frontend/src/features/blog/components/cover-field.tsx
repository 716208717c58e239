import { useField } from 'formik';
import { useTranslation } from 'react-i18next';
import { FieldMessages } from '@/components/form/field-messages';
import fileStyles from '@/components/form/file-field.module.css';
import formCss from '@/components/form/form.module.css';
import { useUploadOnChoose } from '@/components/form/use-upload-on-choose';
import styles from './blog-admin.module.css';

/** The preview's box (16:9), so the form does not jump when the image arrives. */
const PREVIEW = { width: 320, height: 180 };

/**
 * The optional cover image: chosen, it is uploaded at once (`POST /api/admin-panel/files?kind=blog_cover`,
 * JPEG or PNG up to 5 MiB) and previewed; the form keeps its key. It can be removed.
 */
export function CoverField() {
  const { t } = useTranslation();
  const [field] = useField<string>('cover');
  const [urlField] = useField<string>('cover_url');
  const upload = useUploadOnChoose({
    name: 'cover',
    kind: 'blog_cover',
    role: 'admin',
    urlName: 'cover_url',
    hint: (formats, max) => t('adminBlog.cover.hint', { formats, max }),
    tooLarge: (max) => t('adminBlog.cover.tooLarge', { max }),
  });

  return (
    <div className={formCss.field}>
      <label htmlFor={upload.id} className={formCss.label}>
        {t('adminBlog.cover.label')}
      </label>
      <input {...upload.inputProps} />
      <div id={upload.statusId} className={fileStyles.status} aria-live="polite">
        {upload.busy ? t('adminBlog.cover.uploading') : field.value ? '' : t('adminBlog.cover.none')}
      </div>
      {field.value && !upload.busy && (
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
          <button type="button" className="btn btn-secondary btn-small" onClick={upload.clear}>
            {t('adminBlog.cover.remove')}
          </button>
        </div>
      )}
      <FieldMessages {...upload.messages} />
    </div>
  );
}
