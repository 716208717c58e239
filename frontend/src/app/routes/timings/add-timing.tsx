import { TimingsPage } from '@/features/timings/components/timings-page';

/** spec §2 consultant `add-timing`. */
export function Component() {
  return <TimingsPage />;
}
