import { useTranslation } from 'react-i18next';
import { dismissToast, useToasts, type Toast } from '@/lib/toast';
import styles from './toaster.module.css';

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const urgent = toast.type === 'error' || toast.type === 'warning';
  return (
    <div className={`${styles.toast} ${styles[toast.type]}`} role={urgent ? 'alert' : 'status'}>
      <span className="visually-hidden">{t(`toast.${toast.type}`)}: </span>
      <span className={styles.message}>{toast.message}</span>
      <button
        type="button"
        className={styles.close}
        onClick={() => dismissToast(toast.id)}
        aria-label={t('toast.dismiss')}
      >
        ×
      </button>
    </div>
  );
}

/** Notifications (spec §2, §8): top right, at the bottom on a phone so the header stays usable. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div className={styles.region}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
