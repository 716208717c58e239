import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './list.module.css';

type Props = {
  /** The applied search (from the address or stored state). */
  value: string;
  onSearch: (value: string) => void;
  label?: string;
  /** Extra controls inside the form (e.g. a status filter). */
  children?: ReactNode;
};

/** A search box with its submit button; the box follows `value` when it changes elsewhere (back button). */
export function SearchForm({ value, onSearch, label, children }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form role="search" className={styles.search} onSubmit={submit}>
      <label>
        {label ?? t('common.search')}
        <input type="search" value={draft} onChange={(event) => setDraft(event.target.value)} />
      </label>
      {children}
      <button type="submit" className="btn btn-secondary">
        {t('common.searchSubmit')}
      </button>
    </form>
  );
}
