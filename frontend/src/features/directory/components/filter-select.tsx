import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { localName, type PublicReferenceItem } from '@/lib/public-reference';
import styles from './directory.module.css';

type Props = {
  label: string;
  items: readonly PublicReferenceItem[] | undefined;
  selected: readonly string[];
  onChange: (values: string[]) => void;
  /** Languages filter by code, the other lists by id. */
  valueFor?: (item: PublicReferenceItem) => string;
};

const byId = (item: PublicReferenceItem) => item.id;

/**
 * A multiple choice that folds away (a disclosure holding a group of checkboxes):
 * light, keyboard and screen-reader friendly, usable on a 375 px phone.
 */
export function FilterSelect({ label, items, selected, onChange, valueFor = byId }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const toggle = (value: string, checked: boolean) =>
    onChange(checked ? [...selected, value] : selected.filter((v) => v !== value));
  return (
    <details className={styles.filter}>
      <summary>
        {label}
        {selected.length > 0 && <span className={styles.count}>{t('directory.selected', { count: selected.length })}</span>}
      </summary>
      <fieldset className={styles.options}>
        <legend className="visually-hidden">{label}</legend>
        {items === undefined && <p>{t('common.loading')}</p>}
        {items?.map((item) => {
          const value = valueFor(item);
          const optionId = `${id}-${value}`;
          return (
            <div key={item.id} className={styles.option}>
              <input
                id={optionId}
                type="checkbox"
                checked={selected.includes(value)}
                onChange={(event) => toggle(value, event.target.checked)}
              />
              <label htmlFor={optionId}>{localName(item, i18n.language)}</label>
            </div>
          );
        })}
      </fieldset>
    </details>
  );
}
