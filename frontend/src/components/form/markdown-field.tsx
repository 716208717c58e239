import { useField } from 'formik';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarkdownPreview } from '@/lib/markdown-preview';
import { errorText } from '@/lib/toast';
import prose from '../ui/prose.module.css';
import styles from './markdown-field.module.css';
import { TextAreaField } from './text-area-field';

type Props = {
  name: string;
  /** The text's language (`fr`, `en`): its `lang`, and the preview's. */
  language: string;
  /** The language's name, which tells the two previews of a form apart. */
  languageName: string;
  label: string;
  hint?: string;
  rows?: number;
};

/**
 * A Markdown text with a "Preview" toggle: the server renders the text as the site would show it
 * (sanitised HTML, `POST /api/admin-panel/blog-preview`), shown under the text until toggled off.
 */
export function MarkdownField({ name, language, languageName, label, hint, rows = 14 }: Props) {
  const { t } = useTranslation();
  const [field] = useField<string>(name);
  const preview = useMarkdownPreview();
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
      <TextAreaField name={name} label={label} hint={hint} rows={rows} lang={language} required />
      <div className={styles.previewActions}>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-pressed={shown}
          aria-controls={shown ? previewId : undefined}
          onClick={toggle}
        >
          {t('markdownPreview.toggle')}{' '}
          <span className="visually-hidden">({languageName})</span>
        </button>
        {shown && previewed !== body && (
          <button type="button" className="btn btn-secondary btn-small" onClick={render}>
            {t('markdownPreview.refresh')}
          </button>
        )}
      </div>
      {shown && (
        <section
          id={previewId}
          className={styles.preview}
          aria-label={t('markdownPreview.label', { language: languageName })}
          aria-busy={preview.isPending || undefined}
        >
          {preview.isPending ? (
            <p role="status">{t('common.loading')}</p>
          ) : preview.isError ? (
            <p role="alert">{errorText(preview.error, t('errors.network'))}</p>
          ) : preview.data && previewed?.trim() ? (
            // Sanitised by the server (what the site would show).
            <div className={prose.prose} lang={language} dangerouslySetInnerHTML={{ __html: preview.data.html }} />
          ) : (
            <p className={styles.muted}>{t('markdownPreview.empty')}</p>
          )}
        </section>
      )}
    </div>
  );
}
