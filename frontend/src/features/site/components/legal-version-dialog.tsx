import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import prose from '@/components/ui/prose.module.css';
import { useRenderedMarkdown } from '@/lib/markdown-preview';
import { errorText } from '@/lib/toast';
import { SITE_LANGUAGES, type AdminLegalVersion, type SiteLanguage } from '../api/types';
import styles from './site-admin.module.css';

/** One language's text of the version as the site shows it (rendered by the server). */
function Reading({ version, language }: { version: AdminLegalVersion; language: SiteLanguage }) {
  const { t } = useTranslation();
  const text = version[language];
  const rendered = useRenderedMarkdown(text.body);
  return (
    <section className={styles.reading} lang={language} aria-busy={rendered.isPending || undefined}>
      <h3>
        {text.title} <span className={styles.muted}>{t(`adminSite.languages.${language}`)}</span>
      </h3>
      <p className={styles.muted}>{text.description}</p>
      {rendered.data ? (
        // Sanitised by the server (what the site shows).
        <div className={prose.prose} dangerouslySetInnerHTML={{ __html: rendered.data.html }} />
      ) : rendered.isError ? (
        <p role="alert">{errorText(rendered.error, t('errors.network'))}</p>
      ) : (
        <p role="status">{t('common.loading')}</p>
      )}
    </section>
  );
}

/** A version's French and English texts, to read (a trashed or scheduled one too); the close button comes first. */
export function LegalVersionDialog({ version, onClose }: { version: AdminLegalVersion; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('adminSite.legal.readTitle', { version: version.version })} onClose={onClose} wide>
      {/* Before the texts: focus starts on it (not on a link inside them), and a long read ends with Escape. */}
      <DialogActions>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('adminSite.legal.close')}
        </button>
      </DialogActions>
      {SITE_LANGUAGES.map((language) => (
        <Reading key={language} version={version} language={language} />
      ))}
    </Dialog>
  );
}
