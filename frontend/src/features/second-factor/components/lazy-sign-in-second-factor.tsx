import { lazy, Suspense } from 'react';
import { PageLoader } from '@/components/ui/page-loader';
import type { SecondFactorStepProps } from '@/lib/auth';
import { loadSecondFactorTexts } from '@/lib/i18n';

// The code and set-up screens stay out of the public pages' first load: only a 202 asks for them.
const SignInSecondFactor = lazy(() =>
  Promise.all([import('./sign-in-second-factor'), loadSecondFactorTexts()]).then(([module]) => ({
    default: module.SignInSecondFactor,
  })),
);

/** The sign-in's second step, loaded when first shown. */
export function LazySignInSecondFactor(props: SecondFactorStepProps) {
  return (
    <Suspense fallback={<PageLoader />}>
      <SignInSecondFactor {...props} />
    </Suspense>
  );
}
