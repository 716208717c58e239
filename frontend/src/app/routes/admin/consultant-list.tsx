import { ConsultantList } from '@/features/admin-consultants/components/consultant-list';

/** spec §2 admin `consultant`. */
export function Component() {
  return <ConsultantList />;
}
