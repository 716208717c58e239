import { useTranslation } from 'react-i18next';
import { shownFigures, useFigures } from '../api/get-figures';
import styles from './home-page.module.css';

/**
 * Live figures (listed experts, clients, consultations held) from the server; a figure too
 * small to mean anything is left out, and nothing shows on an error. Their place is kept while
 * they load and also when none is shown, so the page never shifts (a young marketplace would
 * otherwise see the hero jump on every visit).
 */
export function HomeFigures() {
  const { t, i18n } = useTranslation();
  const { data, isPending } = useFigures();
  const shown = isPending ? [] : shownFigures(data);
  if (shown.length === 0) return <div className={styles.stats} aria-hidden="true" />;
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'fr-FR');
  return (
    <ul className={styles.stats} aria-label={t('home.figures.label')}>
      {shown.map(({ name, count }) => (
        <li key={name} className={styles.stat}>
          <strong>{number.format(count)}</strong>
          {t(`home.figures.${name}`, { count })}
        </li>
      ))}
    </ul>
  );
}
