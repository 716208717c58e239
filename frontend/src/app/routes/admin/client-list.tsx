import { ClientList } from '@/features/admin-clients/components/client-list';

/** spec §2 admin `client`. */
export function Component() {
  return <ClientList />;
}
