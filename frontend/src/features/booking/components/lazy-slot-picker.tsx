import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './lazy-slot-picker.module.css';
import type { SlotPickerProps } from './slot-picker';

// The picker stays out of the expert page's first load. Its few texts (`slots`) are public
// ones: the booking catalogue is the booking page's and the areas'.
const SlotPicker = lazy(() => import('./slot-picker').then((module) => ({ default: module.SlotPicker })));

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
