import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, NavLink, Outlet, useLocation } from 'react-router';
import type { Role } from '@/config/roles';
import { openConsentSettings } from '@/lib/consent';
import { updatePersistedState, usePersistedState } from '@/lib/persisted-state';
import { useWebSettings } from '@/lib/web-settings';
import { Icon } from '../ui/icon';
import { LanguageSwitcher } from '../ui/language-switcher';
import { Logo } from '../ui/logo';
import { AreaContext } from './area-context';
import { ErasureBanner } from './erasure-banner';
import styles from './area-layout.module.css';
import { areaMenu, isMenuGroup, type MenuEntry, type MenuGroup } from './area-menus';
import { useRouteHandle } from './route-handle';
import { useDisclosure } from './use-disclosure';
import { useMediaQuery, WIDE_SCREEN } from './use-media-query';
import { UserMenu } from './user-menu';

const toggleSidebar = () =>
  updatePersistedState((s) => ({ ...s, layout: { ...s.layout, sidebarOpened: !s.layout.sidebarOpened } }));

/** Title and subtitle of the current page; admin area only (spec §2). */
function PageHeader() {
  const { t } = useTranslation();
  const { titleKey, subtitleKey } = useRouteHandle();
  if (!titleKey) return null;
  return (
    <div className={styles.pageHeader}>
      <h1>{t(titleKey)}</h1>
      {subtitleKey && <p>{t(subtitleKey)}</p>}
    </div>
  );
}

function MenuLink({ entry }: { entry: MenuEntry }) {
  const { t } = useTranslation();
  return (
    <NavLink className={styles.menuLink} to={entry.to}>
      {entry.icon && <Icon name={entry.icon} />}
      {t(entry.labelKey)}
    </NavLink>
  );
}

/** A disclosure button and its entries; open while one of its pages is shown. */
function MenuGroupItem({ group }: { group: MenuGroup }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const listId = useId();
  const current =
    group.entries.some((entry) => entry.to.toLowerCase() === pathname.toLowerCase()) ||
    (group.activePatterns ?? []).some((pattern) => matchPath({ path: pattern, caseSensitive: false }, pathname));
  const [opened, setOpened] = useState(current);
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    if (current && !opened) setOpened(true);
  }
  return (
    <>
      <button
        type="button"
        className={styles.menuGroup}
        aria-expanded={opened}
        aria-controls={listId}
        onClick={() => setOpened((value) => !value)}
      >
        {group.icon && <Icon name={group.icon} />}
        {t(group.labelKey)}
      </button>
      <ul id={listId} className={styles.subMenu} hidden={!opened}>
        {group.entries.map((entry) => (
          <li key={entry.to}>
            <MenuLink entry={entry} />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Shell of the client, consultant and admin areas: top bar, menu, page, footer. On a wide
 * screen the menu is a side bar (shown or hidden, remembered); on a phone it is a disclosure
 * behind the menu button, closed on arrival, so the page starts right under the top bar. The skip
 * link to `#main-content` is the root layout's.
 */
export function AreaLayout({ role }: { role: Role }) {
  const { t } = useTranslation();
  const sidebarOpened = usePersistedState((s) => s.layout.sidebarOpened);
  const wide = useMediaQuery(WIDE_SCREEN);
  const phoneMenu = useDisclosure();
  const { data: settings } = useWebSettings();
  const hasPageHeader = role === 'admin';
  const area = useMemo(() => ({ role, hasPageHeader }), [role, hasPageHeader]);
  const year = new Date().getFullYear();
  const menuOpen = wide ? sidebarOpened : phoneMenu.open;

  return (
    <AreaContext.Provider value={area}>
      <div className={styles.shell}>
        <header className={styles.topbar}>
          <div className={styles.start}>
            <button
              type="button"
              className={`btn btn-secondary btn-small ${styles.menuButton}`}
              aria-controls="area-sidebar"
              {...(wide ? { 'aria-expanded': sidebarOpened, onClick: toggleSidebar } : phoneMenu.buttonProps)}
            >
              <Icon name="menu" />
              <span className={styles.menuButtonLabel}>{t('nav.menu')}</span>
            </button>
            <Logo className={styles.logo} />
            <LanguageSwitcher />
          </div>
          <div className={styles.end}>
            <UserMenu role={role} />
          </div>
        </header>
        <div className={styles.body}>
          <nav
            id="area-sidebar"
            aria-label={t('nav.areaMenu', { area: t(`roles.${role}`) })}
            className={`${styles.sidebar} ${menuOpen ? styles.sidebarOpen : styles.sidebarClosed}`}
            {...(wide ? {} : phoneMenu.panelProps)}
          >
            <ul className={styles.menu}>
              {areaMenu(role).map((item) =>
                isMenuGroup(item) ? (
                  <li key={item.id}>
                    <MenuGroupItem group={item} />
                  </li>
                ) : (
                  <li key={item.to}>
                    <MenuLink entry={item} />
                  </li>
                ),
              )}
            </ul>
          </nav>
          <div className={styles.content}>
            <main id="main-content" tabIndex={-1} className={styles.main}>
              {hasPageHeader && <PageHeader />}
              {role !== 'admin' && <ErasureBanner role={role} />}
              <Outlet />
            </main>
            <footer className={styles.footer}>
              <span>{t('footer.copyright', { year, name: settings?.web_legal_name || t('brand.name') })}</span>
              <button type="button" className="btn-link" onClick={(event) => openConsentSettings(event.currentTarget)}>
                {t('footer.cookieSettings')}
              </button>
            </footer>
          </div>
        </div>
      </div>
    </AreaContext.Provider>
  );
}
