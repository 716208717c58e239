import { useField } from 'formik';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '@/components/form/text-area-field';
import { errorText } from '@/lib/toast';
import { useBlogPreview } from '../api/preview-blog-body';
import type { BlogLanguage } from '../api/types';
import styles from './blog-admin.module.css';
import prose from './prose.module.css';

type Props = { name: string; language: BlogLanguage; languageName: string };

/**
 * The Markdown body with a "Preview" toggle: the server renders the text as the site would show it
 * (sanitised HTML, `POST /api/admin-panel/blog-preview`), shown under the text until toggled off.
 */
export function MarkdownField({ name, language, languageName }: Props) {
  const { t } = useTranslation();
  const [field] = useField<string>(name);
  const preview = useBlogPreview();
  const [shown, setShown] = useState(false);
  const [previewed, setPreviewed] = useState<string | null>(null);
  const previewId = useId();
  const body = field.value ?? '';

  const render = () => {
    setPreviewed(body);
    if (body.trim()) preview.mutate(body);
    else preview.reset();
  };
  const toggle = () => {
    if (!shown) render();
    setShown(!shown);
  };

  return (
    <div className={styles.markdown}>
      <TextAreaField
        name={name}
        label={t('adminBlog.fields.body')}
        hint={t('adminBlog.fields.bodyHint')}
        rows={14}
        lang={language}
        required
      />
      <div className={styles.previewActions}>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-pressed={shown}
          aria-controls={shown ? previewId : undefined}
          onClick={toggle}
        >
          {t('adminBlog.preview.toggle')}{' '}
          <span className="visually-hidden">({languageName})</span>
        </button>
        {shown && previewed !== body && (
          <button type="button" className="btn btn-secondary btn-small" onClick={render}>
            {t('adminBlog.preview.refresh')}
          </button>
        )}
      </div>
      {shown && (
        <section
          id={previewId}
          className={styles.preview}
          aria-label={t('adminBlog.preview.label', { language: languageName })}
          aria-busy={preview.isPending || undefined}
        >
          {preview.isPending ? (
            <p role="status">{t('common.loading')}</p>
          ) : preview.isError ? (
            <p role="alert">{errorText(preview.error, t('errors.network'))}</p>
          ) : preview.data && previewed?.trim() ? (
            // Sanitised by the server (docs/api.md "Blog": what the site would show).
            <div className={prose.prose} lang={language} dangerouslySetInnerHTML={{ __html: preview.data.html }} />
          ) : (
            <p className={styles.muted}>{t('adminBlog.preview.empty')}</p>
          )}
        </section>
      )}
    </div>
  );
}
