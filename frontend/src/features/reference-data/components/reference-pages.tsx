import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layouts/page-title';
import { errorText } from '@/lib/toast';
import { useReferenceItem } from '../api/get-reference-item';
import type { ReferenceSet } from '../reference-sets';
import { ReferenceForm } from './reference-form';

/** spec §2 add-…: an empty form. */
export function AddReferencePage({ set }: { set: ReferenceSet }) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <PageTitle>{t(`reference.sets.${set.key}.add`)}</PageTitle>
      <div className="card">
        <ReferenceForm set={set} />
      </div>
    </div>
  );
}

/** spec §2 edit-…/{id}/{name}: the item loaded by id (the name segment is only for the address). */
export function EditReferencePage({ set, id }: { set: ReferenceSet; id: string }) {
  const { t } = useTranslation();
  const item = useReferenceItem(set.kind, id);
  return (
    <div className="stack">
      <PageTitle>{t(`reference.sets.${set.key}.edit`)}</PageTitle>
      <div className="card">
        {item.data ? (
          <ReferenceForm key={item.data.id} set={set} item={item.data} />
        ) : item.isError ? (
          <p role="alert">{errorText(item.error, t('errors.network'))}</p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )}
      </div>
    </div>
  );
}
