import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '@/components/ui/auth-card';
import { paths } from '@/config/paths';
import { ROLES, SIGN_UP_ROLES } from '@/config/roles';

type Props = { mode: 'sign-in' | 'sign-up' };

/** /sign-in and /sign-up: the visitor picks who they are. */
export function RoleChooser({ mode }: Props) {
  const { t } = useTranslation();
  const prefix = mode === 'sign-in' ? 'auth.chooseSignIn' : 'auth.chooseSignUp';
  return (
    <AuthCard title={t(`${prefix}.title`)} intro={t(`${prefix}.intro`)}>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '0.75rem' }}>
        {(mode === 'sign-in' ? ROLES : SIGN_UP_ROLES).map((role) => {
          const target = paths.public[role];
          const href =
            mode === 'sign-in' || role === 'admin'
              ? target.signIn.getHref()
              : paths.public[role].signUp.getHref();
          return (
            <li key={role}>
              <Link className="btn btn-secondary" style={{ width: '100%' }} to={href}>
                {t(`${prefix}.as.${role}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </AuthCard>
  );
}
