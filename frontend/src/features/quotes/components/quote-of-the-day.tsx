import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuoteOfTheDay } from '../api/get-quote-of-the-day';
import styles from './quote-of-the-day.module.css';

/**
 * The home page's "Quote of the day" (docs/rules.md "Quotes"): today's quote in the interface language
 * and its author; nothing at all while there is none (or it could not be read).
 */
export function QuoteOfTheDay() {
  const { t } = useTranslation();
  const headingId = useId();
  const quote = useQuoteOfTheDay().data?.quote;
  if (!quote) return null;
  return (
    <section className={`container ${styles.section}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('home.quoteOfTheDay')}</h2>
      <figure className={styles.figure}>
        <blockquote className={styles.text}>
          <p>{quote.text}</p>
        </blockquote>
        <figcaption className={styles.author}>
          <span aria-hidden="true">— </span>
          {quote.author}
        </figcaption>
      </figure>
    </section>
  );
}
