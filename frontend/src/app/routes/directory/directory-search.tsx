import { DirectorySearch } from '@/features/directory/components/directory-search';
import { FavouriteToggle } from '@/features/favourites/components/favourite-toggle';

/** The directory's search and results, each card with its favourite heart. */
export default function DirectorySearchWithFavourites({ searchParam }: { searchParam?: string }) {
  return <DirectorySearch searchParam={searchParam} renderFavourite={(expert) => <FavouriteToggle expert={expert} />} />;
}
