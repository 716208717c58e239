import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrivacyRole } from '../api/types';
import styles from './my-data.module.css';

/**
 * « Télécharger mes données » (GDPR art. 15 and 20): one ZIP archive streamed by the server
 * (`GET /api/{role}/my-data`), saved by the browser itself, so a large archive never sits in the page's memory.
 */
export function DownloadSection({ role }: { role: PrivacyRole }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className={`card ${styles.section}`} aria-labelledby={titleId} data-testid="download-section">
      <h2 id={titleId}>{t('privacy.download.title')}</h2>
      <p>{t('privacy.download.intro')}</p>
      <ul>
        {(['data', 'files', 'readme'] as const).map((item) => (
          <li key={item}>{t(`privacy.download.contents.${item}`)}</li>
        ))}
      </ul>
      <div className={styles.action}>
        <a className="btn btn-primary" href={`/api/${role}/my-data`} download>
          {t('privacy.download.action')}
        </a>
      </div>
    </section>
  );
}
