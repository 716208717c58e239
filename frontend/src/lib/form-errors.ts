import type { FormikErrors } from 'formik';
import { isApiError } from './api-error';
import { i18n } from './i18n';
import { errorText, toast } from './toast';

/**
 * Puts the server's field errors back on the form's fields (Formik `setErrors`);
 * errors that concern no field of the form become a toast.
 */
export const applyServerErrors = <Values extends object>(
  error: unknown,
  setErrors: (errors: FormikErrors<Values>) => void,
  fieldNames: readonly (keyof Values & string)[],
  extra: Partial<Record<string, keyof Values & string>> = {},
) => {
  if (isApiError(error)) {
    const mapped: Record<string, string> = {};
    for (const [key, message] of Object.entries(error.fields)) {
      const target = extra[key] ?? key;
      if ((fieldNames as readonly string[]).includes(target)) mapped[target] = message;
    }
    if (Object.keys(mapped).length > 0) {
      setErrors(mapped as FormikErrors<Values>);
      if (Object.keys(mapped).length < Object.keys(error.fields).length) toast.error(error.message);
      return;
    }
  }
  toast.error(errorText(error, i18n.t('errors.network')));
};
