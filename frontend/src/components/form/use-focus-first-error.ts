import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';

/**
 * After a submit that ends with errors (the form's own checks or the server's), moves focus to
 * the first invalid control, so keyboard and screen-reader users land on what to fix (long forms
 * especially). Returns a ref for any element inside the form.
 */
export const useFocusFirstError = <T extends HTMLElement>() => {
  const inside = useRef<T>(null);
  const { isSubmitting, submitCount, errors } = useFormikContext();
  const wasSubmitting = useRef(false);
  const hasErrors = Object.keys(errors).length > 0;
  useEffect(() => {
    const finished = wasSubmitting.current && !isSubmitting;
    wasSubmitting.current = isSubmitting;
    if (!finished || submitCount === 0 || !hasErrors) return;
    // After the render that marks the fields invalid.
    const id = window.setTimeout(() => {
      inside.current?.closest('form')?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
    return () => window.clearTimeout(id);
  }, [isSubmitting, submitCount, hasErrors]);
  return inside;
};
