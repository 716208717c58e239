import { ComboboxButton, ComboboxOption, Description, Label, type ComboboxOptionProps } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import styles from './combobox.module.css';
import formStyles from './form.module.css';

type PickerOptionProps = Omit<ComboboxOptionProps<'div', string>, 'value' | 'children' | 'className'> & {
  value: string;
  label: string;
  detail?: string;
};

/**
 * One choice of a searchable picker: a check mark once chosen, its label and an optional detail
 * line. Other props (a virtual list's position and size) go to the option.
 */
export function PickerOption({ value, label, detail, ...rest }: PickerOptionProps) {
  return (
    <ComboboxOption {...rest} value={value} className={styles.option}>
      <span className={styles.check} aria-hidden="true">
        ✓
      </span>
      <span className={styles.text}>
        <span className={styles.label}>{label}</span>
        {detail && <span className={styles.detail}>{detail}</span>}
      </span>
    </ComboboxOption>
  );
}

/** The chevron that opens the whole list (not in the tab order: the input opens it from the keyboard). */
export function PickerToggle() {
  const { t } = useTranslation();
  return (
    <ComboboxButton className={styles.toggle} aria-label={t('fields.combobox.showList')}>
      <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </ComboboxButton>
  );
}

/** Says so when nothing matches what was typed (a polite live region, empty otherwise). */
export function NoMatch({ shown, text }: { shown: boolean; text: string }) {
  return (
    <p className={styles.empty} role="status">
      {shown ? text : ''}
    </p>
  );
}

/** The picker's label (Headless UI links it to the input: `aria-labelledby`). */
export function PickerLabel({ label, required }: { label: string; required?: boolean }) {
  return (
    <Label className={formStyles.label}>
      {label}
      {required && <span className={formStyles.required} aria-hidden="true">*</span>}
    </Label>
  );
}

/**
 * The hint and the error under a picker, as `FieldMessages` shows them under other fields;
 * Headless UI adds them to the input's `aria-describedby`.
 */
export function PickerMessages({ hint, error }: { hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <Description as="span" className={formStyles.hint}>
          {hint}
        </Description>
      )}
      {error && (
        <Description as="span" className={formStyles.error}>
          {error}
        </Description>
      )}
    </>
  );
}
