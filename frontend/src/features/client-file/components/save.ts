import type { FormikErrors } from 'formik';
import { applyServerErrors } from '@/lib/form-errors';
import { i18n } from '@/lib/i18n';
import { toast } from '@/lib/toast';

/** Runs a save: a success toast, or the server's field errors on the fields (anything else as a toast). */
export const saveForm = async <Values extends object>(
  save: () => Promise<unknown>,
  setErrors: (errors: FormikErrors<Values>) => void,
  fieldNames: readonly (keyof Values & string)[],
): Promise<boolean> => {
  try {
    await save();
    toast.success(i18n.t('clientFile.saved'));
    return true;
  } catch (error) {
    applyServerErrors(error, setErrors, fieldNames);
    return false;
  }
};
