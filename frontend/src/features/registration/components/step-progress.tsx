import { useTranslation } from 'react-i18next';
import styles from './sign-up.module.css';

type Props = { titles: readonly string[]; current: number };

/** The steps as a list: the current one marked (`aria-current="step"`), those before it done. */
export function StepProgress({ titles, current }: Props) {
  const { t } = useTranslation();
  return (
    <ol className={styles.progress} aria-label={t('registration.steps.label')}>
      {titles.map((title, index) => (
        <li
          key={title}
          className={index < current ? styles.done : index === current ? styles.current : undefined}
          aria-current={index === current ? 'step' : undefined}
        >
          <span className={styles.stepNumber} aria-hidden="true">
            {index < current ? '✓' : index + 1}
          </span>
          <span className={styles.stepTitle}>
            {title}
            {index < current && <span className="visually-hidden"> ({t('registration.steps.done')})</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
