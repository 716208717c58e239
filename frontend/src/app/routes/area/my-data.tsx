import { NotFoundPage } from '@/components/errors/not-found-page';
import { useArea } from '@/components/layouts/area-context';
import { MyDataPage } from '@/features/privacy/components/my-data-page';

/** Ours (issue 14): « Mes données » of a client or a consultant (administrators have none). */
export function Component() {
  const { role } = useArea();
  return role === 'admin' ? <NotFoundPage /> : <MyDataPage role={role} />;
}
