import { useParams } from 'react-router';
import { DirectoryPage } from '@/features/directory/components/directory-page';
import { FavouriteToggle } from '@/features/favourites/components/favourite-toggle';

/** spec §2 `/our-experts/:search?`: the directory, each card with its favourite heart. */
export function Component() {
  const { search } = useParams();
  return <DirectoryPage searchParam={search} renderFavourite={(expert) => <FavouriteToggle expert={expert} />} />;
}
