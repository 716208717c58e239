import { ExpertCard } from '@/features/directory/components/expert-card';
import { FavouritesPage } from '@/features/favourites/components/favourites-page';

/** spec §2 client `favorite`: the favourite experts as directory cards; the heart removes one. */
export function Component() {
  return <FavouritesPage renderExpert={(expert, action) => <ExpertCard expert={expert} action={action} />} />;
}
