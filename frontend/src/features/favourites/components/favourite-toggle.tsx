import { lazy, Suspense } from 'react';
import type { ExpertCard } from '@/lib/expert-card';
import { usePersistedState } from '@/lib/persisted-state';
import { useSignInThenBack } from '@/lib/use-sign-in-then-back';
import { HeartButton } from './heart-button';

// A visitor's heart only leads to the sign-in: the favourites' requests and changes load for clients.
const ClientFavouriteToggle = lazy(() =>
  import('./client-favourite-toggle').then((module) => ({ default: module.ClientFavouriteToggle })),
);

/**
 * The heart of an expert card or profile. A signed-in client marks or unmarks the favourite; a
 * visitor goes to the client sign-in and comes back here after.
 */
export function FavouriteToggle({ expert }: { expert: ExpertCard }) {
  const signedIn = usePersistedState((s) => s.auth.client.status);
  const signIn = useSignInThenBack();
  if (!signedIn) return <HeartButton expert={expert} onClick={signIn} />;
  return (
    <Suspense fallback={<HeartButton expert={expert} favourite={false} busy disabled onClick={() => undefined} />}>
      <ClientFavouriteToggle expert={expert} />
    </Suspense>
  );
}
