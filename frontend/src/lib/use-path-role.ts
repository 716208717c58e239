import { useLocation } from 'react-router';
import { isRole, type Role } from '@/config/roles';

/** Role named by the first path segment, or the second after `/public` (spec §4). */
export const roleFromPathname = (pathname: string): Role | null => {
  const [first, second] = pathname.toLowerCase().split('/').filter(Boolean);
  const candidate = first === 'public' ? second : first;
  return isRole(candidate) ? candidate : null;
};

export const usePathRole = (): Role | null => roleFromPathname(useLocation().pathname);
