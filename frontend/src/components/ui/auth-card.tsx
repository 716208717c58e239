import { Suspense, type ReactNode } from 'react';
import { PageTitle } from '../layouts/page-title';
import styles from './auth-card.module.css';
import { PageLoader } from './page-loader';

type Props = { title: string; intro?: string; wide?: boolean; children: ReactNode };

/**
 * Centred card for the public sign-in, sign-up and password pages. The title
 * shows at once; the form (Formik, yup) may load lazily inside.
 */
export function AuthCard({ title, intro, wide, children }: Props) {
  return (
    <div className={styles.wrapper}>
      <section className={`card ${styles.card} ${wide ? styles.wide : ''}`}>
        <PageTitle>{title}</PageTitle>
        {intro && <p>{intro}</p>}
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </section>
    </div>
  );
}

/** Links under an auth form (forgot password, sign up…). */
export function AuthLinks({ children }: { children: ReactNode }) {
  return <div className={styles.footer}>{children}</div>;
}
