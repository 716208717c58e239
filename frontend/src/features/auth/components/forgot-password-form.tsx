import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formStyles } from '@/components/form/form-styles';
import { TextField } from '@/components/form/text-field';
import { AuthLinks } from '@/components/ui/auth-card';
import { paths } from '@/config/paths';
import type { Role } from '@/config/roles';
import { applyServerErrors } from '@/lib/form-errors';
import {
  forgotPasswordInputSchema,
  useForgotPassword,
  type ForgotPasswordInput,
} from '../api/forgot-password';
import { ActionButton } from '@/components/ui/action-button';

const initialValues: ForgotPasswordInput = { email: '' };

/** Asks for a reset link; always answers with the same neutral confirmation. */
export function ForgotPasswordForm({ role }: { role: Role }) {
  const { t } = useTranslation();
  const forgotPassword = useForgotPassword(role);
  const [sent, setSent] = useState(false);

  return (
    <>
      {sent ? (
        <p role="status">{t('auth.forgot.sent')}</p>
      ) : (
        <Formik
          initialValues={initialValues}
          validationSchema={forgotPasswordInputSchema}
          onSubmit={async (values, helpers) => {
            try {
              await forgotPassword.mutateAsync(forgotPasswordInputSchema.cast(values));
              setSent(true);
            } catch (error) {
              applyServerErrors(error, helpers.setErrors, ['email']);
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <TextField name="email" type="email" label={t('fields.email')} autoComplete="email" required />
              <div className={formStyles.actions}>
                <ActionButton pending={isSubmitting}>
                  {t('auth.forgot.submit')}
                </ActionButton>
              </div>
            </Form>
          )}
        </Formik>
      )}
      <AuthLinks>
        <Link to={paths.public[role].signIn.getHref()}>{t('auth.backToSignIn')}</Link>
      </AuthLinks>
    </>
  );
}
