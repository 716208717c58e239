import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';
import { usePathRole } from '@/lib/use-path-role';

/** verify/{reset_password_token}/{email} */
export function Component() {
  const role = usePathRole();
  const { token, email } = useParams();
  if (!role || !token || !email) return <NotFoundPage />;
  return <ResetPasswordPage key={`${role}-${token}`} role={role} token={token} email={email} />;
}
