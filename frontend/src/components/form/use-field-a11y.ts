import { useFormikContext, type FieldMetaProps } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Validation messages are i18n keys (`validation.*`); server messages are already translated. */
export const useErrorText = () => {
  const { t } = useTranslation();
  return (error: string) => (error.startsWith('validation.') ? t(error) : error);
};

/** Ids and ARIA attributes linking a control to its hint and error. */
export const useFieldA11y = (meta: FieldMetaProps<unknown>, hint?: string) => {
  const id = useId();
  const { submitCount } = useFormikContext();
  const errorText = useErrorText();
  const rawError = typeof meta.error === 'string' ? meta.error : undefined;
  const error = rawError && (meta.touched || submitCount > 0) ? errorText(rawError) : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return {
    id,
    hintId,
    errorId,
    error,
    controlProps: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
    },
  };
};
