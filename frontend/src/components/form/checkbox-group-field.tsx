import { useField } from 'formik';
import { FieldMessages } from './field-messages';
import styles from './form.module.css';
import type { Option } from './select-field';
import { useFieldA11y } from './use-field-a11y';

type Props = { name: string; legend: string; options: readonly Option[]; required?: boolean };

/** A multiple choice as a group of checkboxes (keyboard and screen-reader friendly). */
export function CheckboxGroupField({ name, legend, options, required }: Props) {
  const [field, meta, helpers] = useField<string[]>(name);
  const { id, errorId, error } = useFieldA11y(meta);
  const selected = field.value ?? [];
  const toggle = (value: string, checked: boolean) => {
    void helpers.setValue(checked ? [...selected, value] : selected.filter((v) => v !== value));
    void helpers.setTouched(true, false);
  };
  return (
    <fieldset
      className={styles.fieldset}
      aria-describedby={errorId}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.legend}>
        {legend}
        {required && <span className={styles.required} aria-hidden="true">*</span>}
      </legend>
      <div className={styles.options}>
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <div key={option.value} className={styles.checkboxRow}>
              <input
                id={optionId}
                type="checkbox"
                name={name}
                value={option.value}
                checked={selected.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                className={styles.checkbox}
              />
              <label htmlFor={optionId}>{option.label}</label>
            </div>
          );
        })}
      </div>
      <FieldMessages error={error} errorId={errorId} />
    </fieldset>
  );
}
