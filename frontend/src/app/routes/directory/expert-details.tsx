import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { LazySlotPicker } from '@/features/booking/components/lazy-slot-picker';
import { ExpertDetailPage } from '@/features/directory/components/expert-detail-page';
import { FavouriteToggle } from '@/features/favourites/components/favourite-toggle';

/** spec §2 `/our-experts/details/:id`: the public profile with its favourite heart and its free slots. */
export function Component() {
  const { id } = useParams();
  if (!id) return <NotFoundPage />;
  return (
    <ExpertDetailPage
      key={id}
      id={id}
      renderFavourite={(expert) => <FavouriteToggle expert={expert} />}
      renderSlots={(expert) => <LazySlotPicker consultantId={expert.id} />}
    />
  );
}
