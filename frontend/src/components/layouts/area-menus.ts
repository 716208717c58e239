import { paths } from '@/config/paths';
import type { Role } from '@/config/roles';
import type { IconName } from '../ui/icon';

export type MenuEntry = { to: string; labelKey: string; icon: IconName };

/**
 * Area menus (spec §2 "Menus and layout"), holding only pages that exist now;
 * later issues add their entries here as their pages land.
 */
export const areaMenu = (role: Role): MenuEntry[] => [
  { to: paths[role].dashboard.getHref(), labelKey: 'nav.dashboard', icon: 'dashboard' },
  { to: paths[role].changePassword.getHref(), labelKey: 'nav.changePassword', icon: 'lock' },
];
