import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import styles from './public-layout.module.css';
import { useHashScroll } from './use-hash-scroll';

/**
 * Header, page and footer of the public pages (the skip link to `#main-content` is the root layout's);
 * the footer's newsletter form is composed by the app.
 */
export function PublicLayout({ newsletter }: { newsletter?: ReactNode }) {
  useHashScroll();
  return (
    <>
      <PublicHeader />
      <main id="main-content" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <PublicFooter newsletter={newsletter} />
    </>
  );
}
