import { useField } from 'formik';
import type { TextareaHTMLAttributes } from 'react';
import { FieldMessages } from './field-messages';
import styles from './form.module.css';
import { useFieldA11y } from './use-field-a11y';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'> & {
  name: string;
  label: string;
  hint?: string;
};

/** A multi-line text field with its label, hint and error (Formik). */
export function TextAreaField({ name, label, hint, required, rows = 4, ...rest }: Props) {
  const [field, meta] = useField<string>(name);
  const { id, hintId, errorId, error, controlProps } = useFieldA11y(meta, hint);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && <span className={styles.required} aria-hidden="true">*</span>}
      </label>
      <textarea
        {...rest}
        {...field}
        value={field.value ?? ''}
        {...controlProps}
        rows={rows}
        required={required}
        className={styles.input}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
