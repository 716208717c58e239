import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layouts/page-title';
import styles from './content-page.module.css';

type Props = {
  /** Key under `content.` in the catalogues: title and lead. */
  contentKey: string;
  /** Values interpolated into the texts (e.g. the search term). */
  values?: Record<string, string>;
  /** What follows the text inside the card (the contact page's form). */
  children?: ReactNode;
};

/** A simple public content page from the catalogue: title and short text (the lifestyle page, the contact page). */
export function ContentPage({ contentKey, values, children }: Props) {
  const { t } = useTranslation();
  const key = `content.${contentKey}`;
  return (
    <article className={`container ${styles.page}`}>
      <div className={`card ${styles.card}`}>
        <PageTitle>{t(`${key}.title`, values)}</PageTitle>
        <p className={styles.lead}>{t(`${key}.lead`, values)}</p>
        {children}
      </div>
    </article>
  );
}
