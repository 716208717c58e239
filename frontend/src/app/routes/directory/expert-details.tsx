import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { LazyExpertPosts } from '@/features/blog/components/lazy-latest-posts';
import { LazySlotPicker } from '@/features/booking/components/lazy-slot-picker';
import { ExpertDetailPage } from '@/features/directory/components/expert-detail-page';
import { FavouriteToggle } from '@/features/favourites/components/favourite-toggle';
import { LazyExpertRecommendations } from '@/features/shop/components/lazy-expert-recommendations';
import { ExpertWaitingList } from '@/features/waiting-list/components/lazy-waiting-list-form';

/**
 * spec §2 `/our-experts/details/:id`: the public profile with its favourite heart, its free slots (and the
 * waiting list below them), its posts and, last, the products the expert recommends (issue 13).
 */
export function Component() {
  const { id } = useParams();
  if (!id) return <NotFoundPage />;
  return (
    <ExpertDetailPage
      key={id}
      id={id}
      renderFavourite={(expert) => <FavouriteToggle expert={expert} />}
      renderSlots={(expert) => (
        <>
          <LazySlotPicker consultantId={expert.id} />
          <hr />
          <ExpertWaitingList expert={expert} />
        </>
      )}
      renderPosts={(expert) => <LazyExpertPosts consultantId={expert.id} />}
      renderProducts={(expert) => <LazyExpertRecommendations consultantId={expert.id} />}
    />
  );
}
