import { NotFoundPage } from '@/components/errors/not-found-page';
import { AreaLayout } from '@/components/layouts/area-layout';
import { usePathRole } from '@/lib/use-path-role';

export function Component() {
  const role = usePathRole();
  return role ? <AreaLayout role={role} /> : <NotFoundPage />;
}
