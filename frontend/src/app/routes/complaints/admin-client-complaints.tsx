import { AdminComplaintsPage } from '@/features/complaints/components/admin-complaints-page';

/** spec §2 admin `view-complaint-client`: complaints filed by clients. */
export function Component() {
  return <AdminComplaintsPage key="client" authorRole="client" />;
}
