import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formStyles } from '@/components/form/form-styles';
import { TextField } from '@/components/form/text-field';
import { AuthLinks } from '@/components/ui/auth-card';
import { paths } from '@/config/paths';
import type { Role } from '@/config/roles';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { takeRedirectUrl } from '@/lib/redirect-url';
import { toast } from '@/lib/toast';
import { signInInputSchema, useSignIn, type SignInInput } from '../api/sign-in';

const initialValues: SignInInput = { email: '', password: '' };
const FIELDS = ['email', 'password'] as const;

/** Sign-in form for one role; a client returns to the page the guard remembered. */
export function SignInForm({ role }: { role: Role }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn(role);
  const auth = paths.public[role];
  // A refusal the user must be able to read and act on (not a passing toast):
  // the server's translated text, told only after the password was right.
  const [refusal, setRefusal] = useState<string | null>(null);

  return (
    <>
      <Formik
        initialValues={initialValues}
        validationSchema={signInInputSchema}
        onSubmit={async (values, helpers) => {
          setRefusal(null);
          try {
            const session = await signIn.mutateAsync(signInInputSchema.cast(values));
            toast.success(t('auth.signIn.success', { name: session.given_name }));
            const target = (role === 'client' && takeRedirectUrl()) || paths[role].dashboard.getHref();
            await navigate(target, { replace: true });
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
              <button type="submit" className="btn" disabled={isSubmitting}>
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
