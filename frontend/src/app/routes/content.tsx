import { useRouteHandle } from '@/components/layouts/route-handle';
import { ContentPage } from '@/features/content/components/content-page';

/** Public content pages; which one comes from the route's `handle.contentKey`. */
export function Component() {
  const { contentKey = 'about' } = useRouteHandle();
  return <ContentPage contentKey={contentKey} />;
}
