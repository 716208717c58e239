import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadBookingTexts } from '@/lib/i18n';
import type { SlotPickerProps } from './slot-picker';

// The picker and its texts stay out of the expert page's first load.
const SlotPicker = lazy(() =>
  Promise.all([import('./slot-picker'), loadBookingTexts()]).then(([module]) => ({ default: module.SlotPicker })),
);

/** The slot picker, loaded when first shown. */
export function LazySlotPicker(props: SlotPickerProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
      <SlotPicker {...props} />
    </Suspense>
  );
}
