import { useField } from 'formik';
import type { ReactNode } from 'react';
import { FieldMessages } from './field-messages';
import styles from './form.module.css';
import { useFieldA11y } from './use-field-a11y';

type Props = { name: string; label: string; required?: boolean; children?: ReactNode };

/** One boolean checkbox; `children` (e.g. a link to the document) sit below, outside the label. */
export function CheckboxField({ name, label, required, children }: Props) {
  const [{ value: _value, ...field }, meta] = useField<boolean>({ name, type: 'checkbox' });
  const { id, errorId, error, controlProps } = useFieldA11y(meta);
  return (
    <div className={styles.field}>
      <div className={styles.checkboxRow}>
        <input
          {...field}
          checked={field.checked ?? false}
          {...controlProps}
          type="checkbox"
          required={required}
          className={styles.checkbox}
        />
        <label htmlFor={id}>
          {label}
          {required && <span className={styles.required} aria-hidden="true">*</span>}
        </label>
      </div>
      {children && <div className={styles.hint}>{children}</div>}
      <FieldMessages error={error} errorId={errorId} />
    </div>
  );
}
