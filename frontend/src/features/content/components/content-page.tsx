import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layouts/page-title';
import styles from './content-page.module.css';

type Props = {
  /** Key under `content.` in the catalogues: title, lead and optional sections. */
  contentKey: string;
  /** Values interpolated into the texts (e.g. the search term). */
  values?: Record<string, string>;
  /** What follows the text inside the card (the contact page's form). */
  children?: ReactNode;
};

type Section = { id?: string; heading?: string; text: string };

const isSection = (value: unknown): value is Section =>
  typeof value === 'object' && value !== null && typeof (value as Section).text === 'string';

/** A simple public content page: title and short text (later issues fill them). */
export function ContentPage({ contentKey, values, children }: Props) {
  const { t, i18n } = useTranslation();
  const key = `content.${contentKey}`;
  const raw: unknown = i18n.exists(`${key}.sections`) ? t(`${key}.sections`, { returnObjects: true }) : [];
  const sections = Array.isArray(raw) ? raw.filter(isSection) : [];
  return (
    <article className={`container ${styles.page}`}>
      <div className={`card ${styles.card}`}>
        <PageTitle>{t(`${key}.title`, values)}</PageTitle>
        <p className={styles.lead}>{t(`${key}.lead`, values)}</p>
        {sections.map((section) => (
          <section key={section.id ?? section.text} id={section.id}>
            {section.heading && <h2>{section.heading}</h2>}
            <p>{section.text}</p>
          </section>
        ))}
        {children}
      </div>
    </article>
  );
}
