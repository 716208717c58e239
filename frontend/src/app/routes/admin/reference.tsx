import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { useRouteHandle } from '@/components/layouts/route-handle';
import { AddReferencePage, EditReferencePage } from '@/features/reference-data/components/reference-pages';
import { ReferenceList } from '@/features/reference-data/components/reference-list';
import { referenceSet } from '@/features/reference-data/reference-sets';

/** The add, edit, view and view-trash screens of every reference list (spec §2), chosen by the route's handle. */
export function Component() {
  const { reference } = useRouteHandle();
  const { id } = useParams();
  const set = reference && referenceSet(reference.set);
  if (!reference || !set) return <NotFoundPage />;
  switch (reference.screen) {
    case 'add':
      return <AddReferencePage key={set.key} set={set} />;
    case 'edit':
      return id ? <EditReferencePage key={`${set.key}-${id}`} set={set} id={id} /> : <NotFoundPage />;
    case 'view':
      return <ReferenceList key={`${set.key}-view`} set={set} trashed={false} />;
    case 'trash':
      return <ReferenceList key={`${set.key}-trash`} set={set} trashed />;
  }
}
