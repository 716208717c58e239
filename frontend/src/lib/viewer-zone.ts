import type { Role } from '@/config/roles';
import { useSession } from './auth';
import { browserTimeZone, isKnownZone } from './zoned-time';

/**
 * The zone a signed-in person's dates are shown in: their account's (chosen at sign-up,
 * the one their mails and the server's "today" use), else the browser's. So a client
 * abroad sees the same hours on every page and in every mail.
 */
export const useViewerZone = (role: Role): string => {
  const zone = useSession(role).data?.timezone;
  return zone && isKnownZone(zone) ? zone : browserTimeZone();
};
