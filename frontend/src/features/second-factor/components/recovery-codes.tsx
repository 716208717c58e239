import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import fieldStyles from '@/components/form/form.module.css';
import { copyText } from './clipboard';
import styles from './second-factor.module.css';

type Props = {
  codes: readonly string[];
  /** After "I have saved them": continue to the area, or back to the security panel. */
  onDone: () => Promise<void> | void;
  /** The button that continues ("Continuer" after sign-in, "Terminé" in the panel). */
  doneLabel: string;
};

const download = (text: string, fileName: string) => {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/**
 * The ten recovery codes, shown this once: copy, download as .txt, and confirm
 * they were saved before going on. The heading takes focus, so the change is announced.
 */
export function RecoveryCodes({ codes, onDone, doneLabel }: Props) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const checkboxId = useId();
  const [saved, setSaved] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const text = `${t('secondFactor.codes.fileHeader')}\n\n${codes.join('\n')}\n`;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section className={styles.step} data-testid="recovery-codes" aria-labelledby={`${checkboxId}-title`}>
      <h2 id={`${checkboxId}-title`} ref={headingRef} tabIndex={-1}>
        {t('secondFactor.codes.title')}
      </h2>
      <p>{t('secondFactor.codes.intro')}</p>
      <p className={styles.warning}>{t('secondFactor.codes.once')}</p>
      <ol className={styles.codes} data-testid="recovery-codes-list" aria-label={t('secondFactor.codes.listLabel')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className={styles.buttons}>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => void copyText(codes.join('\n'), t('secondFactor.codes.copied'))}
        >
          {t('secondFactor.codes.copy')}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => download(text, t('secondFactor.codes.fileName'))}
        >
          {t('secondFactor.codes.download')}
        </button>
      </div>
      <div className={fieldStyles.checkboxRow}>
        <input
          id={checkboxId}
          type="checkbox"
          className={fieldStyles.checkbox}
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
        />
        <label htmlFor={checkboxId}>{t('secondFactor.codes.saved')}</label>
      </div>
      <div className={fieldStyles.actions}>
        <button
          type="button"
          className="btn"
          disabled={!saved || leaving}
          aria-busy={leaving || undefined}
          onClick={async () => {
            setLeaving(true);
            try {
              await onDone();
            } finally {
              setLeaving(false);
            }
          }}
        >
          {doneLabel}
        </button>
      </div>
    </section>
  );
}
