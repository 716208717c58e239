import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { LazyExpertPosts } from '@/features/blog/components/lazy-latest-posts';
import { LazySlotPicker } from '@/features/booking/components/lazy-slot-picker';
import { ExpertDetailPage } from '@/features/directory/components/expert-detail-page';
import { FavouriteToggle } from '@/features/favourites/components/favourite-toggle';

/** spec §2 `/our-experts/details/:id`: the public profile with its favourite heart, its free slots and its posts. */
export function Component() {
  const { id } = useParams();
  if (!id) return <NotFoundPage />;
  return (
    <ExpertDetailPage
      key={id}
      id={id}
      renderFavourite={(expert) => <FavouriteToggle expert={expert} />}
      renderSlots={(expert) => <LazySlotPicker consultantId={expert.id} />}
      renderPosts={(expert) => <LazyExpertPosts consultantId={expert.id} />}
    />
  );
}
