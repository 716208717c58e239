import { useField } from 'formik';
import type { SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessages } from './field-messages';
import styles from './form.module.css';
import { useFieldA11y } from './use-field-a11y';

export type Option = { value: string; label: string };

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'> & {
  name: string;
  label: string;
  options: readonly Option[];
  hint?: string;
  /** Shows an empty first choice ("Choose…"). */
  placeholder?: boolean;
};

export function SelectField({ name, label, options, hint, required, placeholder = true, ...rest }: Props) {
  const { t } = useTranslation();
  const [field, meta] = useField<string>(name);
  const { id, hintId, errorId, error, controlProps } = useFieldA11y(meta, hint);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && <span className={styles.required} aria-hidden="true">*</span>}
      </label>
      <select
        {...rest}
        {...field}
        value={field.value ?? ''}
        {...controlProps}
        required={required}
        className={styles.input}
      >
        {placeholder && <option value="">{t('form.choose')}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
