import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layouts/page-title';
import type { Role } from '@/config/roles';
import { useSession } from '@/lib/auth';

/**
 * Each area's dashboard: a greeting by given name (admins also get a welcome), then the
 * cards of the features that have one (`children`, e.g. the consultant's profile progress).
 */
export function Dashboard({ role, children }: { role: Role; children?: ReactNode }) {
  const { t } = useTranslation();
  const { data: session } = useSession(role);
  const name = session?.given_name ?? '';
  return (
    <div className="stack">
      <PageTitle>{t('nav.dashboard')}</PageTitle>
      <section className="card" aria-labelledby="dashboard-greeting">
        <h2 id="dashboard-greeting">{name ? t('dashboard.greeting', { name }) : t('dashboard.greetingAnonymous')}</h2>
        {role === 'admin' ? <p>{t('dashboard.adminWelcome')}</p> : <p>{t(`dashboard.intro.${role}`)}</p>}
      </section>
      {children}
    </div>
  );
}
