import { AdminComplaintsPage } from '@/features/complaints/components/admin-complaints-page';

/** spec §2 admin `view-complaint-consultant`: complaints filed by consultants. */
export function Component() {
  return <AdminComplaintsPage key="consultant" authorRole="consultant" />;
}
