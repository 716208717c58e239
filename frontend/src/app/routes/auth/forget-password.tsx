import { NotFoundPage } from '@/components/errors/not-found-page';
import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page';
import { usePathRole } from '@/lib/use-path-role';

export function Component() {
  const role = usePathRole();
  return role ? <ForgotPasswordPage key={role} role={role} /> : <NotFoundPage />;
}
