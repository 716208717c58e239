import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { Role } from '@/config/roles';
import { useSession, useSignOut } from '@/lib/auth';
import styles from './user-menu.module.css';
import { settle } from '@/lib/action-feedback';

/**
 * User dropdown (spec §2): Home, Change Password, Security (ours), Log Out. A Headless UI menu:
 * arrows, Home/End and typing move between items, Escape or a click outside closes it and
 * focus returns to its button.
 */
export function UserMenu({ role }: { role: Role }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: session } = useSession(role);
  const signOut = useSignOut(role);

  const onSignOut = () => {
    // Followed to its end even though the menu leaves the page once the session is cleared.
    const home = () => void navigate(paths.home.getHref(), { replace: true });
    settle(signOut.mutateAsync(), { onSuccess: home, onError: home });
  };

  return (
    <Menu as="div" className={styles.wrapper}>
      <MenuButton type="button" className={`btn btn-secondary btn-small ${styles.trigger}`}>
        <span className="visually-hidden">{t('userMenu.label')}: </span>
        <span className={styles.name}>{session?.given_name || t(`roles.${role}`)}</span>
        <span aria-hidden="true">▾</span>
      </MenuButton>
      <MenuItems className={styles.menu}>
        <MenuItem as={Link} className={styles.item} to={paths.home.getHref()}>
          {t('userMenu.home')}
        </MenuItem>
        <MenuItem as={Link} className={styles.item} to={paths[role].changePassword.getHref()}>
          {t('nav.changePassword')}
        </MenuItem>
        <MenuItem as={Link} className={styles.item} to={paths[role].security.getHref()}>
          {t('nav.security')}
        </MenuItem>
        <MenuItem as="button" type="button" className={styles.item} onClick={onSignOut} disabled={signOut.isPending}>
          {t('userMenu.signOut')}
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
