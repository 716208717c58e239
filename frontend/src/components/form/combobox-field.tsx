import { Combobox, ComboboxInput, ComboboxOptions, Field } from '@headlessui/react';
import { useField } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoMatch, PickerLabel, PickerMessages, PickerOption, PickerToggle } from './combobox-parts';
import styles from './combobox.module.css';
import formStyles from './form.module.css';
import { matchesQuery } from './option-search';
import { useFieldA11y } from './use-field-a11y';

export type PickerProps = {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  /** Every value, in the order shown. */
  values: readonly string[];
  /** The text of a value, in the list and in the input once chosen. */
  labelOf: (value: string) => string;
  /** A second, quieter line under an option. */
  detailOf?: (value: string) => string | undefined;
  /** The values matching a typed query, in the order shown (default: every typed word in the label, accents ignored). */
  filter?: (query: string) => readonly string[];
  /** Said when nothing matches. */
  noMatch?: string;
  placeholder?: string;
};

/**
 * One value chosen from a long list by typing part of it (Headless UI combobox, a virtual
 * list: only the options in view are in the page). Wired to Formik like `SelectField`; its
 * label, hint and error are linked to the input by Headless UI's `Field`.
 */
export function ComboboxField({ name, label, hint, required, values, labelOf, detailOf, filter, noMatch, placeholder }: PickerProps) {
  const { t } = useTranslation();
  const [field, meta, helpers] = useField<string>(name);
  const { error } = useFieldA11y(meta);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    if (query.trim() === '') return values;
    return filter ? filter(query) : values.filter((value) => matchesQuery(labelOf(value), query));
  }, [query, values, filter, labelOf]);

  return (
    <Field className={formStyles.field}>
      <Combobox
        value={field.value || null}
        onChange={(value: string | null) => {
          if (value !== null) void helpers.setValue(value);
        }}
        onClose={() => setQuery('')}
        virtual={{ options: shown as string[] }}
      >
        <PickerLabel label={label} required={required} />
        <div className={styles.control}>
          <ComboboxInput
            aria-invalid={error ? true : undefined}
            data-field={name}
            className={`${formStyles.input} ${styles.input}`}
            displayValue={(value: string | null) => (value ? labelOf(value) : '')}
            onChange={(event) => setQuery(event.target.value)}
            onFocus={(event) => event.currentTarget.select()}
            onBlur={() => void helpers.setTouched(true)}
            placeholder={placeholder}
            autoComplete="off"
            spellCheck={false}
            required={required}
          />
          <PickerToggle />
          <ComboboxOptions className={styles.options} modal={false}>
            {({ option }: { option: string }) => (
              <PickerOption value={option} label={labelOf(option)} detail={detailOf?.(option)} />
            )}
          </ComboboxOptions>
        </div>
      </Combobox>
      <NoMatch shown={query.trim() !== '' && shown.length === 0} text={noMatch ?? t('fields.combobox.noMatch')} />
      <PickerMessages hint={hint} error={error} />
    </Field>
  );
}
