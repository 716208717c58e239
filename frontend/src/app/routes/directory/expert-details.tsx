import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { ExpertDetailPage } from '@/features/directory/components/expert-detail-page';
import { FavouriteToggle } from '@/features/favourites/components/favourite-toggle';

/** spec §2 `/our-experts/details/:id`: the public profile with its favourite heart. */
export function Component() {
  const { id } = useParams();
  if (!id) return <NotFoundPage />;
  return <ExpertDetailPage key={id} id={id} renderFavourite={(expert) => <FavouriteToggle expert={expert} />} />;
}
