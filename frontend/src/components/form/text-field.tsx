import { useField } from 'formik';
import type { InputHTMLAttributes } from 'react';
import { FieldMessages } from './field-messages';
import styles from './form.module.css';
import { useFieldA11y } from './use-field-a11y';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> & {
  name: string;
  label: string;
  hint?: string;
};

export function TextField({ name, label, hint, required, type = 'text', ...rest }: Props) {
  const [field, meta] = useField<string | number>(name);
  const { id, hintId, errorId, error, controlProps } = useFieldA11y(meta, hint);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && <span className={styles.required} aria-hidden="true">*</span>}
      </label>
      <input
        {...rest}
        {...field}
        value={field.value ?? ''}
        {...controlProps}
        type={type}
        required={required}
        className={styles.input}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
