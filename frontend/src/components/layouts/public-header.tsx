import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { firstSignedInRole, usePersistedState } from '@/lib/persisted-state';
import { Icon } from '../ui/icon';
import { LanguageSwitcher } from '../ui/language-switcher';
import { Logo } from '../ui/logo';
import styles from './public-header.module.css';
import { useDisclosure } from './use-disclosure';

/**
 * Public header (spec §2): logo, En/Fr, and the public menu, collapsed behind a button on
 * phones (a disclosure: focus into the links when opened, back to the button when closed).
 */
export function PublicHeader() {
  const { t } = useTranslation();
  const menu = useDisclosure();
  const signedInRole = usePersistedState(firstSignedInRole);
  const profileHref = signedInRole
    ? paths[signedInRole].dashboard.getHref()
    : paths.public.signIn.getHref();

  const links = [
    { to: paths.aboutUs.getHref(), label: t('nav.aboutUs') },
    { to: paths.blog.getHref(), label: t('nav.blog') },
    { to: paths.ourExperts.getHref(), label: t('nav.onlineConsultations') },
    { to: paths.homeSection.getHref('team'), label: t('nav.trustedTeam') },
    { to: paths.alternativeMedicine.getHref(), label: t('nav.alternativeMedicine') },
    { to: paths.sdgMedia.getHref(), label: t('nav.sdgMedia') },
    { to: paths.lifestyleProduct.getHref(), label: t('nav.lifestyle') },
  ];

  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <div className={styles.brand}>
          <Logo className={styles.logo} />
          <LanguageSwitcher />
        </div>
        <button
          type="button"
          className={`btn btn-secondary btn-small ${styles.menuButton}`}
          aria-controls="public-nav"
          {...menu.buttonProps}
        >
          <Icon name="menu" />
          {t('nav.menu')}
        </button>
      </div>
      <nav
        id="public-nav"
        aria-label={t('nav.main')}
        className={`${styles.nav} ${menu.open ? styles.navOpen : ''}`}
        {...menu.panelProps}
      >
        <ul className={`container ${styles.list}`}>
          {links.map((link) => (
            <li key={link.to}>
              {link.to.includes('#') ? (
                <Link className={styles.link} to={link.to}>
                  {link.label}
                </Link>
              ) : (
                <NavLink className={styles.link} to={link.to}>
                  {link.label}
                </NavLink>
              )}
            </li>
          ))}
          <li>
            <NavLink className={`${styles.link} ${styles.profile}`} to={profileHref}>
              {t('nav.profile')}
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
