import { useLocation } from 'react-router';
import { RoleChooser } from '@/features/auth/components/role-chooser';

/** /sign-in, /sign-up (and under /public). */
export function Component() {
  const { pathname } = useLocation();
  const mode = pathname.toLowerCase().replace(/\/$/, '').endsWith('/sign-up') ? 'sign-up' : 'sign-in';
  return <RoleChooser key={mode} mode={mode} />;
}
