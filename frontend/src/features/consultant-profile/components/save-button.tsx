import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import { useFocusFirstError } from '@/components/form/use-focus-first-error';

/**
 * The save button of a section form; disabled while saving or while the profile is under review.
 * After a failed save, focus goes to the first field to fix.
 */
export function SaveButton({ submitting, locked, label }: { submitting: boolean; locked: boolean; label?: string }) {
  const { t } = useTranslation();
  const ref = useFocusFirstError<HTMLDivElement>();
  return (
    <div className={formStyles.actions} ref={ref}>
      <button type="submit" className="btn" disabled={submitting || locked} aria-busy={submitting || undefined}>
        {label ?? t('consultantProfile.save')}
      </button>
    </div>
  );
}
