import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadBookingTexts } from '@/lib/i18n';
import styles from './lazy-slot-picker.module.css';
import type { SlotPickerProps } from './slot-picker';

// The picker and its texts stay out of the expert page's first load.
const SlotPicker = lazy(() =>
  Promise.all([import('./slot-picker'), loadBookingTexts()]).then(([module]) => ({ default: module.SlotPicker })),
);

/**
 * The slot picker, loaded when first shown. Until its slots are shown it keeps about the
 * place they take, so the page below does not jump when they come.
 */
export function LazySlotPicker(props: SlotPickerProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <p role="status" className={styles.reserved}>
          {t('common.loading')}
        </p>
      }
    >
      <SlotPicker {...props} pendingClassName={styles.reserved} />
    </Suspense>
  );
}
