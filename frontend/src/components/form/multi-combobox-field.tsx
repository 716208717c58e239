import { Combobox, ComboboxInput, ComboboxOptions, Field } from '@headlessui/react';
import { useField } from 'formik';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickerProps } from './combobox-field';
import { NoMatch, PickerLabel, PickerMessages, PickerOption, PickerToggle } from './combobox-parts';
import styles from './combobox.module.css';
import formStyles from './form.module.css';
import { matchesQuery } from './option-search';
import { useFieldA11y } from './use-field-a11y';

type Props = Omit<PickerProps, 'detailOf'> & {
  /** The name of the list of chosen values (« Langues choisies »). */
  chosenLabel: string;
};

/**
 * Several values chosen from a list by typing part of them (Headless UI combobox, `multiple`).
 * The chosen ones show above the input as buttons that remove them (click, Enter, Space, Delete
 * or Backspace); Backspace in the empty input removes the last one. Each change is announced.
 */
export function MultiComboboxField({ name, label, hint, required, values, labelOf, filter, noMatch, placeholder, chosenLabel }: Props) {
  const { t } = useTranslation();
  const [field, meta, helpers] = useField<string[]>(name);
  const { error } = useFieldA11y(meta);
  const selected = useMemo(() => field.value ?? [], [field.value]);
  const [query, setQuery] = useState('');
  const [announcement, setAnnouncement] = useState('');
  // After a chip's removal, the chip now at that place (or the input) takes the focus.
  const focusChip = useRef<number | null>(null);
  const chipsRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const shown = useMemo(() => {
    if (query.trim() === '') return values;
    return filter ? filter(query) : values.filter((value) => matchesQuery(labelOf(value), query));
  }, [query, values, filter, labelOf]);

  useEffect(() => {
    if (focusChip.current === null) return;
    const chips = chipsRef.current?.querySelectorAll('button') ?? [];
    const target = chips[Math.min(focusChip.current, chips.length - 1)] ?? inputRef.current;
    focusChip.current = null;
    target?.focus();
  }, [selected]);

  const change = (next: string[]) => {
    const added = next.find((value) => !selected.includes(value));
    const removed = selected.find((value) => !next.includes(value));
    if (added) setAnnouncement(t('fields.combobox.added', { label: labelOf(added) }));
    else if (removed) setAnnouncement(t('fields.combobox.removed', { label: labelOf(removed) }));
    void helpers.setValue(next);
    void helpers.setTouched(true, false);
    setQuery('');
  };

  const remove = (index: number, refocus: boolean) => {
    change(selected.filter((_, i) => i !== index));
    if (refocus) focusChip.current = index;
  };

  const chipKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(index, true);
    }
  };

  const inputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && event.currentTarget.value === '' && selected.length > 0) {
      remove(selected.length - 1, false);
    }
  };

  return (
    <Field className={formStyles.field}>
      <Combobox multiple value={selected} onChange={change} onClose={() => setQuery('')}>
        <PickerLabel label={label} required={required} />
        {selected.length > 0 && (
          <ul className={styles.chips} aria-label={chosenLabel} ref={chipsRef}>
            {selected.map((value, index) => (
              <li key={value}>
                <button
                  type="button"
                  className={styles.chip}
                  onClick={() => remove(index, true)}
                  onKeyDown={(event) => chipKeyDown(event, index)}
                >
                  <span className="visually-hidden">{t('fields.combobox.remove')}</span> {labelOf(value)}
                  <span className={styles.chipCross} aria-hidden="true">
                    ×
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className={styles.control}>
          <ComboboxInput
            aria-invalid={error ? true : undefined}
            ref={inputRef}
            data-field={name}
            className={`${formStyles.input} ${styles.input}`}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={inputKeyDown}
            onBlur={() => void helpers.setTouched(true)}
            placeholder={placeholder}
            autoComplete="off"
            spellCheck={false}
            required={required && selected.length === 0}
          />
          <PickerToggle />
          <ComboboxOptions className={styles.options} modal={false}>
            {shown.map((value) => (
              <PickerOption key={value} value={value} label={labelOf(value)} />
            ))}
          </ComboboxOptions>
        </div>
      </Combobox>
      <NoMatch shown={query.trim() !== '' && shown.length === 0} text={noMatch ?? t('fields.combobox.noMatch')} />
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <PickerMessages hint={hint} error={error} />
    </Field>
  );
}
