import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formStyles } from '@/components/form/form-styles';
import { NewPasswordFields } from '@/components/form/new-password-fields';
import { AuthLinks } from '@/components/ui/auth-card';
import { paths } from '@/config/paths';
import type { Role } from '@/config/roles';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { resetPasswordInputSchema, useResetPassword, type ResetPasswordInput } from '../api/reset-password';
import { ActionButton } from '@/components/ui/action-button';

type Props = { role: Role; token: string; email: string };
const initialValues: ResetPasswordInput = { password: '', password_confirmation: '' };
const FIELDS = ['password', 'password_confirmation'] as const;

/** The form behind verify/{reset_password_token}/{email}. */
export function ResetPasswordForm({ role, token, email }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const resetPassword = useResetPassword(role);

  return (
    <>
      <Formik
        initialValues={initialValues}
        validationSchema={resetPasswordInputSchema}
        onSubmit={async (values, helpers) => {
          try {
            await resetPassword.mutateAsync({ token, email, password: values.password });
            toast.success(t('auth.reset.success'));
            await navigate(paths.public[role].signIn.getHref(), { replace: true });
          } catch (error) {
            applyServerErrors(error, helpers.setErrors, FIELDS);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
            <NewPasswordFields name="password" confirmationName="password_confirmation" />
            <div className={formStyles.actions}>
              <ActionButton pending={isSubmitting}>
                {t('auth.reset.submit')}
              </ActionButton>
            </div>
          </Form>
        )}
      </Formik>
      <AuthLinks>
        <Link to={paths.public[role].forgetPassword.getHref()}>{t('auth.reset.newLink')}</Link>
        <Link to={paths.public[role].signIn.getHref()}>{t('auth.backToSignIn')}</Link>
      </AuthLinks>
    </>
  );
}
