import { useParams } from 'react-router';
import { useRouteHandle } from '@/components/layouts/route-handle';
import { ContentPage } from '@/features/content/components/content-page';

/** Public content pages; which one comes from the route's `handle.contentKey`. */
export function Component() {
  const { contentKey = 'about' } = useRouteHandle();
  const { search } = useParams();
  if (contentKey === 'ourExperts' && search) {
    return <ContentPage contentKey="ourExpertsSearch" values={{ search }} />;
  }
  return <ContentPage contentKey={contentKey} />;
}
