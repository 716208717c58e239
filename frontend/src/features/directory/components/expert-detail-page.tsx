import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { PageTitle } from '@/components/layouts/page-title';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { expertName, type ExpertCard, type Topic } from '@/lib/expert-card';
import { formatMinutes, formatPrice } from '@/lib/format';
import { localName } from '@/lib/public-reference';
import { rememberRedirectUrl } from '@/lib/redirect-url';
import { errorText } from '@/lib/toast';
import { useExpert, type Qualification } from '../api/get-expert';
import { useLanguageNames } from './use-language-names';
import styles from './directory.module.css';

type Props = {
  id: string;
  /** The favourite toggle, composed by the app. */
  renderFavourite?: (expert: ExpertCard) => ReactNode;
  /** The slot picker (booking), composed by the app. */
  renderSlots?: (expert: ExpertCard) => ReactNode;
  /** The expert's latest blog posts (blog), composed by the app. */
  renderPosts?: (expert: ExpertCard) => ReactNode;
  /** The products the expert recommends (shop), composed by the app; last, below the fold. */
  renderProducts?: (expert: ExpertCard) => ReactNode;
};

const PHOTO_SIZE = 200;

/** Only http(s) links are followed (no `javascript:` from a profile). */
const safeUrl = (value: string | null) => {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

function Topics({ heading, topics }: { heading: string; topics: readonly Topic[] }) {
  const { i18n } = useTranslation();
  if (topics.length === 0) return null;
  return (
    <section>
      <h2>{heading}</h2>
      <ul className={styles.tags}>
        {topics.map((topic) => (
          <li key={topic.id}>{localName(topic, i18n.language)}</li>
        ))}
      </ul>
    </section>
  );
}

function Qualifications({ heading, items }: { heading: string; items: readonly Qualification[] }) {
  if (items.length === 0) return null;
  return (
    <section>
      <h2>{heading}</h2>
      <ul>
        {items.map((item) => (
          <li key={`${item.name}-${item.school}-${item.year}`}>
            {item.name} — {item.school} ({item.year})
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * One of the expert's own texts in the interface's language: the English
 * version in English when the expert wrote one, else the French text, marked
 * as French (and `lang="fr"`, so a screen reader reads it in French).
 */
function Text({ heading, french, english }: { heading: string; french: string | null; english?: string | null }) {
  const { t, i18n } = useTranslation();
  if (!french) return null;
  const inEnglish = i18n.language === 'en' && Boolean(english);
  const marked = i18n.language !== 'fr' && !inEnglish;
  return (
    <section>
      <h2>{heading}</h2>
      {marked && <p className={styles.language}>{t('directory.writtenInFrench')}</p>}
      <p className={styles.prose} lang={inEnglish ? 'en' : 'fr'}>
        {inEnglish ? english : french}
      </p>
    </section>
  );
}

/**
 * spec §2 `/our-experts/details/:id`: the public profile. Only the fields named
 * here are rendered, so bank, ID or contact data can never show even if sent.
 */
export function ExpertDetailPage({ id, renderFavourite, renderSlots, renderPosts, renderProducts }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const languageName = useLanguageNames();
  const query = useExpert(id);
  const expert = query.data;

  if (query.isError && isApiError(query.error) && query.error.status === 404) return <NotFoundPage />;
  if (!expert) {
    return (
      <div className={`container ${styles.page}`}>
        {query.isError ? (
          <p role="alert">{errorText(query.error, t('errors.network'))}</p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )}
      </div>
    );
  }

  const name = expertName(expert, t('registration.titles.dr'));
  const video = safeUrl(expert.video_url);
  const detailPath = paths.expertDetails.getHref(expert.id);

  return (
    <article className={`container ${styles.page}`}>
      <p>
        <Link to={paths.ourExperts.getHref()}>{t('directory.back')}</Link>
      </p>
      <div className={`card ${styles.detailHead}`}>
        {expert.photo_url && (
          <img
            className={styles.detailPhoto}
            src={expert.photo_url}
            width={PHOTO_SIZE}
            height={PHOTO_SIZE}
            alt={t('directory.photoOf', { name })}
            fetchPriority="high"
          />
        )}
        <div className={styles.detailIntro}>
          <PageTitle>{name}</PageTitle>
          {expert.profession && <p className={styles.profession}>{expert.profession}</p>}
          <dl className={styles.facts}>
            {expert.price && (
              <div>
                <dt>{t('directory.price')}</dt>
                <dd>{formatPrice(expert.price.minor, expert.price.currency, language)}</dd>
              </div>
            )}
            {expert.session_minutes ? (
              <div>
                <dt>{t('directory.duration')}</dt>
                <dd>{formatMinutes(expert.session_minutes, language)}</dd>
              </div>
            ) : null}
            {expert.languages.length > 0 && (
              <div>
                <dt>{t('directory.languages')}</dt>
                <dd>{expert.languages.map(languageName).join(', ')}</dd>
              </div>
            )}
            {expert.years_of_experience != null && (
              <div>
                <dt>{t('directory.experience')}</dt>
                <dd>{t('directory.years', { count: expert.years_of_experience })}</dd>
              </div>
            )}
          </dl>
          {expert.first_consultation_free && <p className={styles.badge}>{t('directory.firstFree')}</p>}
          <div className={styles.detailActions}>
            {renderSlots ? (
              <a className="btn" href="#slots">
                {t('directory.book')}
              </a>
            ) : (
              <Link
                className="btn"
                to={paths.public.client.signIn.getHref()}
                onClick={() => rememberRedirectUrl(detailPath)}
              >
                {t('directory.book')}
              </Link>
            )}
            {renderFavourite?.(expert)}
          </div>
        </div>
      </div>

      {renderSlots && (
        <div id="slots" className="card">
          {renderSlots(expert)}
        </div>
      )}

      <div className={`card ${styles.detailBody}`}>
        <Text heading={t('directory.bio')} french={expert.bio} english={expert.bio_en} />
        <Text heading={t('directory.background')} french={expert.background} english={expert.background_en} />
        <Text heading={t('directory.expertise')} french={expert.expertise} english={expert.expertise_en} />
        {video && (
          <section>
            <h2>{t('directory.video')}</h2>
            <p>
              <a href={video} target="_blank" rel="noopener noreferrer">
                {t('directory.watchVideo')} <span className="visually-hidden">{t('common.newWindow')}</span>
              </a>
            </p>
          </section>
        )}
        <Topics heading={t('directory.specialisations')} topics={expert.specialisations} />
        <Topics heading={t('directory.filters.disorders')} topics={expert.disorders} />
        <Topics heading={t('directory.filters.objectives')} topics={expert.objectives} />
        <Topics heading={t('directory.filters.keywords')} topics={expert.keywords} />
        <Qualifications heading={t('directory.degrees')} items={expert.degrees} />
        <Qualifications heading={t('directory.certificates')} items={expert.certificates} />
      </div>
      {renderPosts?.(expert)}
      {renderProducts?.(expert)}
    </article>
  );
}
