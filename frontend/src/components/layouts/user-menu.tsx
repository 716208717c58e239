import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { Role } from '@/config/roles';
import { useSession, useSignOut } from '@/lib/auth';
import styles from './user-menu.module.css';
import { settle } from '@/lib/action-feedback';

/** User dropdown (spec §2): Home, Change Password, Security (ours), Log Out; keyboard-usable menu. */
export function UserMenu({ role }: { role: Role }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: session } = useSession(role);
  const signOut = useSignOut(role);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  const onSignOut = () => {
    close(false);
    // Followed to its end even though the menu leaves the page once the session is cleared.
    const home = () => void navigate(paths.home.getHref(), { replace: true });
    settle(signOut.mutateAsync(), { onSuccess: home, onError: home });
  };

  return (
    <div className={styles.wrapper} ref={wrapperRef}>
      <button
        ref={triggerRef}
        type="button"
        className={`btn btn-secondary btn-small ${styles.trigger}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className="visually-hidden">{t('userMenu.label')}: </span>
        <span className={styles.name}>{session?.given_name || t(`roles.${role}`)}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul id={menuId} ref={menuRef} role="menu" className={styles.menu} onKeyDown={onMenuKeyDown}>
          <li role="none">
            <Link role="menuitem" tabIndex={-1} className={styles.item} to={paths.home.getHref()}>
              {t('userMenu.home')}
            </Link>
          </li>
          <li role="none">
            <Link
              role="menuitem"
              tabIndex={-1}
              className={styles.item}
              to={paths[role].changePassword.getHref()}
              onClick={() => close(false)}
            >
              {t('nav.changePassword')}
            </Link>
          </li>
          <li role="none">
            <Link
              role="menuitem"
              tabIndex={-1}
              className={styles.item}
              to={paths[role].security.getHref()}
              onClick={() => close(false)}
            >
              {t('nav.security')}
            </Link>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={styles.item}
              onClick={onSignOut}
              disabled={signOut.isPending}
            >
              {t('userMenu.signOut')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
