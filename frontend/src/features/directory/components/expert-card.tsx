import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { expertName, type ExpertCard as Expert } from '@/lib/expert-card';
import { formatMinutes, formatPrice } from '@/lib/format';
import { localName } from '@/lib/public-reference';
import { useLanguageNames } from './use-language-names';
import styles from './directory.module.css';

type Props = {
  expert: Expert;
  /** The favourite toggle, composed by the app (features do not import each other). */
  action?: ReactNode;
  /** Heading level of the name in the page outline. */
  headingLevel?: 2 | 3;
};

const PHOTO_SIZE = 96;

/** One expert in a list: photo, name, profession, price and duration, languages, free first consultation. */
export function ExpertCard({ expert, action, headingLevel = 2 }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const languageName = useLanguageNames();
  const name = expertName(expert, t('registration.titles.dr'));
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={`card ${styles.card}`}>
      <div className={styles.cardHead}>
        {expert.photo_url ? (
          <img
            className={styles.photo}
            src={expert.photo_url}
            width={PHOTO_SIZE}
            height={PHOTO_SIZE}
            alt={t('directory.photoOf', { name })}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className={styles.photo} aria-hidden="true" />
        )}
        <div className={styles.cardTitle}>
          <Heading className={styles.name}>
            <Link to={paths.expertDetails.getHref(expert.id)}>{name}</Link>
          </Heading>
          {expert.profession && <p className={styles.profession}>{expert.profession}</p>}
        </div>
        {action && <div className={styles.cardAction}>{action}</div>}
      </div>
      <dl className={styles.facts}>
        {expert.price && (
          <div>
            <dt>{t('directory.price')}</dt>
            <dd>
              {formatPrice(expert.price.minor, expert.price.currency, language)}
              {expert.session_minutes ? ` / ${formatMinutes(expert.session_minutes, language)}` : ''}
            </dd>
          </div>
        )}
        {expert.languages.length > 0 && (
          <div>
            <dt>{t('directory.languages')}</dt>
            <dd>{expert.languages.map(languageName).join(', ')}</dd>
          </div>
        )}
        {expert.specialisations.length > 0 && (
          <div>
            <dt>{t('directory.specialisations')}</dt>
            <dd>{expert.specialisations.map((topic) => localName(topic, language)).join(', ')}</dd>
          </div>
        )}
      </dl>
      {expert.first_consultation_free && <p className={styles.badge}>{t('directory.firstFree')}</p>}
    </article>
  );
}
