import type { FormikErrors } from 'formik';
import { applyServerErrors } from '@/lib/form-errors';
import { i18n } from '@/lib/i18n';
import { toast } from '@/lib/toast';

/**
 * Runs a section's save: success toast, or the server's field errors on the fields
 * (anything else, e.g. 409 `profile_under_review`, as a toast with the server's text).
 */
export const saveSection = async <Values extends object>(
  save: () => Promise<unknown>,
  setErrors: (errors: FormikErrors<Values>) => void,
  fieldNames: readonly (keyof Values & string)[],
  extra: Partial<Record<string, keyof Values & string>> = {},
): Promise<boolean> => {
  try {
    await save();
    toast.success(i18n.t('consultantProfile.saved'));
    return true;
  } catch (error) {
    applyServerErrors(error, setErrors, fieldNames, extra);
    return false;
  }
};
