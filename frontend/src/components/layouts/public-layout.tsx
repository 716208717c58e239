import { Outlet } from 'react-router';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import styles from './public-layout.module.css';
import { useHashScroll } from './use-hash-scroll';

/** Header, page and footer of the public pages (the skip link to `#main-content` is the root layout's). */
export function PublicLayout() {
  useHashScroll();
  return (
    <>
      <PublicHeader />
      <main id="main-content" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <PublicFooter />
    </>
  );
}
