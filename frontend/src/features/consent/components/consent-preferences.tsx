import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsentPurposes } from '@/lib/consent';
import styles from './consent-preferences.module.css';

type Props = {
  /** The current choice (nothing ticked before the first one). */
  initial: ConsentPurposes;
  onSave: (purposes: ConsentPurposes) => void;
};

/** « Personnaliser »: one box per purpose, never ticked in advance, then « Enregistrer mes choix ». */
export function ConsentPreferences({ initial, onSave }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const purposes: { name: keyof ConsentPurposes; label: string; hint: string }[] = [
    { name: 'analytics', label: t('consent.analytics'), hint: t('consent.analyticsHint') },
    { name: 'advertising', label: t('consent.advertising'), hint: t('consent.advertisingHint') },
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(values);
  };

  return (
    <form className={styles.form} onSubmit={submit}>
      <fieldset className={styles.purposes}>
        <legend>{t('consent.purposes')}</legend>
        <p className={styles.hint}>{t('consent.necessary')}</p>
        {purposes.map(({ name, label, hint }, index) => (
          <div key={name} className={styles.purpose}>
            <input
              ref={index === 0 ? first : undefined}
              id={`consent-${name}`}
              type="checkbox"
              checked={values[name]}
              aria-describedby={`consent-${name}-hint`}
              onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.checked }))}
            />
            <label htmlFor={`consent-${name}`}>{label}</label>
            <p id={`consent-${name}-hint`} className={styles.hint}>
              {hint}
            </p>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="btn">
        {t('consent.save')}
      </button>
    </form>
  );
}
