import { DirectorySearch } from '@/features/directory/components/directory-search';
import { FavouriteToggle } from '@/features/favourites/components/favourite-toggle';
import { SpecialityWaitingList } from '@/features/waiting-list/components/lazy-waiting-list-form';

/** The directory's search and results, each card with its favourite heart; one speciality chosen, its waiting list. */
export default function DirectorySearchWithFavourites({ searchParam }: { searchParam?: string }) {
  return (
    <DirectorySearch
      searchParam={searchParam}
      renderFavourite={(expert) => <FavouriteToggle expert={expert} />}
      renderSpecialityWaitingList={(speciality) => <SpecialityWaitingList speciality={speciality} />}
    />
  );
}
