import { NotFoundPage } from '@/components/errors/not-found-page';
import { SignInPage } from '@/features/auth/components/sign-in-page';
import { LazySignInSecondFactor } from '@/features/second-factor/components/lazy-sign-in-second-factor';
import { usePathRole } from '@/lib/use-path-role';

export function Component() {
  const role = usePathRole();
  return role ? <SignInPage key={role} role={role} secondFactorStep={LazySignInSecondFactor} /> : <NotFoundPage />;
}
