import { NotFoundPage } from '@/components/errors/not-found-page';
import { isSignUpRole } from '@/config/roles';
import { SignUpPage } from '@/features/registration/components/sign-up-page';
import { usePathRole } from '@/lib/use-path-role';

export function Component() {
  const role = usePathRole() ?? undefined;
  return isSignUpRole(role) ? <SignUpPage key={role} role={role} /> : <NotFoundPage />;
}
