import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { CHOICES, type HealthAnswers as Answers } from '../api/health-assessment';
import styles from './client-file.module.css';

const ORDER = [
  'reason',
  'current_treatments',
  'allergies',
  'medical_history',
  'pregnancy',
  'sleep',
  'stress',
  'diet',
  'lifestyle_notes',
] as const satisfies readonly (keyof Answers)[];

const isChoice = (field: string): field is keyof typeof CHOICES => field in CHOICES;

/** The answers as a read-only list (the client's document, the admin's view). */
export function HealthAnswers({ answers, shared }: { answers: Answers; shared: boolean }) {
  const { t } = useTranslation();
  const shown = (field: (typeof ORDER)[number]) => {
    const value = answers[field];
    if (!value) return t('clientFile.health.none');
    if (isChoice(field) && (CHOICES[field] as readonly string[]).includes(value)) {
      return t(`clientFile.health.choices.${field}.${value}`);
    }
    return value;
  };
  return (
    <dl className={styles.answers}>
      {ORDER.map((field) => (
        <Fragment key={field}>
          <dt>{t(`clientFile.health.fields.${field}`)}</dt>
          <dd>{shown(field)}</dd>
        </Fragment>
      ))}
      <dt>{t('clientFile.health.fields.share_with_experts')}</dt>
      <dd>{shared ? t('clientFile.yes') : t('clientFile.no')}</dd>
    </dl>
  );
}
