import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import { paths } from '@/config/paths';
import { HomeFigures } from './home-figures';
import styles from './home-page.module.css';

const STEPS = ['find', 'book', 'meet'] as const;
const FAQ = ['what', 'replace', 'language'] as const;

type Props = {
  /** The starter-kit request (starter kit), composed by the app; below the fold in a box of its size. */
  starterKit?: ReactNode;
  /** The latest blog posts (blog), composed by the app; after the fold, so nothing above them moves when they come. */
  latestPosts?: ReactNode;
  /** Today's quote (quotes), composed by the app; after the fold too, so nothing above it moves when it comes. */
  quoteOfTheDay?: ReactNode;
};

/**
 * Home: what Equilibre offers, its live figures, the trusted team and FAQ sections the header and
 * footer link to, the starter kit, the latest blog posts and the quote of the day.
 */
export function HomePage({ starterKit, latestPosts, quoteOfTheDay }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <section className={styles.hero}>
        <div className="container">
          <PageTitle>{t('home.title')}</PageTitle>
          <p className={styles.lead}>{t('home.lead')}</p>
          <div className={styles.actions}>
            <Link className="btn" to={paths.ourExperts.getHref()}>
              {t('home.findExpert')}
            </Link>
            <Link className="btn btn-secondary" to={paths.public.consultant.signUp.getHref()}>
              {t('home.joinAsExpert')}
            </Link>
          </div>
          <HomeFigures />
        </div>
      </section>
      <section className={`container ${styles.section}`} aria-labelledby="home-how">
        <h2 id="home-how">{t('home.howTitle')}</h2>
        <div className={styles.grid}>
          {STEPS.map((step) => (
            <div key={step} className="card">
              <h3>{t(`home.steps.${step}.title`)}</h3>
              <p>{t(`home.steps.${step}.text`)}</p>
            </div>
          ))}
        </div>
      </section>
      <section id="team" className={`container ${styles.section}`} aria-labelledby="home-team">
        <h2 id="home-team">{t('home.teamTitle')}</h2>
        <p>{t('home.teamText')}</p>
      </section>
      <section id="faq" className={`container ${styles.section}`} aria-labelledby="home-faq">
        <h2 id="home-faq">{t('home.faqTitle')}</h2>
        <dl className={styles.faq}>
          {FAQ.map((item) => (
            <div key={item}>
              <dt>{t(`home.faq.${item}.q`)}</dt>
              <dd>{t(`home.faq.${item}.a`)}</dd>
            </div>
          ))}
        </dl>
      </section>
      {starterKit}
      {latestPosts}
      {quoteOfTheDay}
    </>
  );
}
