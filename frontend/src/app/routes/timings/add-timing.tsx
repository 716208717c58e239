import { useConsultantProfile } from '@/features/consultant-profile/api/profile';
import { TimingsPage } from '@/features/timings/components/timings-page';

/** spec §2 consultant `add-timing`; its preview reads the public slot list, which lists approved consultants only. */
export function Component() {
  const profile = useConsultantProfile({ silent: true });
  const listed = profile.data ? profile.data.status === 'approved' : profile.isError ? false : undefined;
  return <TimingsPage listed={listed} />;
}
