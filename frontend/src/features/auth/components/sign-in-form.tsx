import { Form, Formik } from 'formik';
import { Suspense, useCallback, useState, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formStyles } from '@/components/form/form-styles';
import { TextField } from '@/components/form/text-field';
import { AuthLinks } from '@/components/ui/auth-card';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import type { Role } from '@/config/roles';
import { isApiError } from '@/lib/api-error';
import {
  isSignInChallenge,
  storeSession,
  type SecondFactorStepProps,
  type Session,
  type SignInChallenge,
} from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { takeRedirectUrl } from '@/lib/redirect-url';
import { toast } from '@/lib/toast';
import { signInInputSchema, useSignIn, type SignInInput } from '../api/sign-in';

const initialValues: SignInInput = { email: '', password: '' };
const FIELDS = ['email', 'password'] as const;

type Props = {
  role: Role;
  /** The second step after a 202 (code or enrolment); the app passes the second-factor feature's. */
  secondFactorStep?: ComponentType<SecondFactorStepProps>;
};

/** Sign-in form for one role; a client returns to the page the guard remembered. */
export function SignInForm({ role, secondFactorStep: SecondFactorStep }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = useSignIn(role);
  const auth = paths.public[role];
  // A refusal the user must be able to read and act on (not a passing toast):
  // the server's translated text, told only after the password was right.
  const [refusal, setRefusal] = useState<string | null>(null);
  // After a 202: the second step replaces the form until it succeeds or sends the person back.
  const [challenge, setChallenge] = useState<SignInChallenge | null>(null);
  const [email, setEmail] = useState('');

  const complete = useCallback(
    async (session: Session) => {
      storeSession(queryClient, role, session);
      toast.success(t('auth.signIn.success', { name: session.given_name }));
      const target = (role === 'client' && takeRedirectUrl()) || paths[role].dashboard.getHref();
      await navigate(target, { replace: true });
    },
    [navigate, queryClient, role, t],
  );

  const restart = useCallback((message?: string) => {
    setChallenge(null);
    setRefusal(message || null);
  }, []);

  if (challenge && SecondFactorStep) {
    return (
      <Suspense fallback={<PageLoader />}>
        <SecondFactorStep role={role} challenge={challenge} onSignedIn={complete} onRestart={restart} />
      </Suspense>
    );
  }

  return (
    <>
      <Formik
        initialValues={{ ...initialValues, email }}
        validationSchema={signInInputSchema}
        onSubmit={async (values, helpers) => {
          setRefusal(null);
          try {
            const input = signInInputSchema.cast(values);
            const answer = await signIn.mutateAsync(input);
            if (isSignInChallenge(answer)) {
              // The e-mail stays filled in if the person has to come back to this step.
              setEmail(input.email);
              setChallenge(answer);
              return;
            }
            await complete(answer);
          } catch (error) {
            if (isApiError(error) && error.code === 'account_deactivated') {
              setRefusal(error.message);
              return;
            }
            applyServerErrors(error, helpers.setErrors, FIELDS);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            {refusal && (
              <p role="alert" className={formStyles.error}>
                {refusal}
              </p>
            )}
            <TextField name="email" type="email" label={t('fields.email')} autoComplete="email" required />
            <TextField
              name="password"
              type="password"
              label={t('fields.password')}
              autoComplete="current-password"
              required
            />
            <div className={formStyles.actions}>
              <button type="submit" className="btn" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
                {t('auth.signIn.submit')}
              </button>
            </div>
          </Form>
        )}
      </Formik>
      <AuthLinks>
        <Link to={auth.forgetPassword.getHref()}>{t('auth.signIn.forgotLink')}</Link>
        {role !== 'admin' && (
          <Link to={paths.public[role].signUp.getHref()}>{t('auth.signIn.signUpLink')}</Link>
        )}
      </AuthLinks>
    </>
  );
}
