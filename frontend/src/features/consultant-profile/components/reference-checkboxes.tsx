import { useField } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '@/components/form/checkbox-group-field';
import type { Option } from '@/components/form/select-field';
import type { PublicReferenceKind } from '@/lib/public-reference';
import styles from './consultant-profile.module.css';
import { useReferenceOptions, useRetiredNames } from './use-reference-options';

type Props = { name: string; legend: string; kind: PublicReferenceKind; required?: boolean };

/**
 * Several items of a reference list as checkboxes. An item the profile holds but
 * the list no longer offers (trashed) stays listed, so that it can be unticked.
 */
export function ReferenceCheckboxes({ name, legend, kind, required }: Props) {
  const { t } = useTranslation();
  const [field] = useField<string[]>(name);
  const { options, isError } = useReferenceOptions(kind);
  const selected = field.value;
  const retiredIds = useMemo(() => {
    const known = new Set(options.map((o) => o.value));
    // Only once the list is there: before, every held id would look retired.
    return options.length > 0 ? (selected ?? []).filter((id) => !known.has(id)) : [];
  }, [options, selected]);
  const retiredNames = useRetiredNames(kind, retiredIds);
  const all = useMemo<Option[]>(
    () => [
      ...options,
      ...retiredIds.map((id) => ({
        value: id,
        label: retiredNames.get(id) ?? t('consultantProfile.details.retiredItem'),
      })),
    ],
    [options, retiredIds, retiredNames, t],
  );
  return (
    <div className={styles.scrollGroup}>
      <CheckboxGroupField name={name} legend={legend} options={all} required={required} />
      {isError && <p role="alert">{t('consultantProfile.listFailed')}</p>}
    </div>
  );
}
