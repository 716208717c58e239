import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './consultant-profile.module.css';

type Props = { itemName: string; disabled?: boolean; onConfirm: () => Promise<unknown> };

/** A delete button that asks once more before deleting; focus moves to the question and back. */
export function ConfirmDelete({ itemName, disabled, onConfirm }: Props) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (wasAsking.current) deleteRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  if (!asking)
    return (
      <button
        ref={deleteRef}
        type="button"
        className="btn btn-secondary btn-small"
        disabled={disabled}
        onClick={() => setAsking(true)}
        aria-label={`${t('consultantProfile.delete')} ${itemName}`}
      >
        {t('consultantProfile.delete')}
      </button>
    );
  return (
    <span className={styles.itemActions} role="group" aria-label={t('consultantProfile.confirmDelete', { name: itemName })}>
      <span>{t('consultantProfile.confirmDelete', { name: itemName })}</span>
      <button
        ref={confirmRef}
        type="button"
        className="btn btn-small"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onConfirm().finally(() => {
            setBusy(false);
            setAsking(false);
          });
        }}
      >
        {t('consultantProfile.confirm')}
      </button>
      <button type="button" className="btn btn-secondary btn-small" onClick={() => setAsking(false)}>
        {t('consultantProfile.cancel')}
      </button>
    </span>
  );
}
