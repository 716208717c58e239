import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, LANGUAGES } from '@/lib/i18n';
import styles from './language-switcher.module.css';

const LABELS = { fr: 'Fr', en: 'En' } as const;
const NAMES = { fr: 'Français', en: 'English' } as const;

/** En / Fr selector (spec §2); switches the whole interface and remembers the choice. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const active = i18n.resolvedLanguage ?? currentLanguage();
  return (
    <div className={styles.group} role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={styles.option}
          aria-pressed={active === language}
          onClick={() => void changeLanguage(language)}
        >
          {LABELS[language]}
          <span className="visually-hidden"> – {NAMES[language]}</span>
        </button>
      ))}
    </div>
  );
}
