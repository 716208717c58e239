import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import { NewPasswordFields } from '@/components/form/new-password-fields';
import { TextField } from '@/components/form/text-field';
import type { Role } from '@/config/roles';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { changePasswordInputSchema, useChangePassword, type ChangePasswordInput } from '../api/change-password';
import { ActionButton } from '@/components/ui/action-button';

const initialValues: ChangePasswordInput = {
  current_password: '',
  new_password: '',
  new_password_confirmation: '',
};
const FIELDS = ['current_password', 'new_password', 'new_password_confirmation'] as const;

/** Change password, in each area. */
export function ChangePasswordForm({ role }: { role: Role }) {
  const { t } = useTranslation();
  const changePassword = useChangePassword(role);

  return (
    <Formik
      initialValues={initialValues}
      validationSchema={changePasswordInputSchema}
      onSubmit={async (values, helpers) => {
        try {
          await changePassword.mutateAsync(values);
          toast.success(t('auth.change.success'));
          helpers.resetForm();
        } catch (error) {
          if (isApiError(error) && error.code === 'wrong_password' && !error.fields.current_password) {
            helpers.setErrors({ current_password: error.message });
            return;
          }
          applyServerErrors(error, helpers.setErrors, FIELDS, { password: 'new_password' });
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate style={{ maxWidth: '30rem' }}>
          <TextField
            name="current_password"
            type="password"
            label={t('fields.currentPassword')}
            autoComplete="current-password"
            required
          />
          <NewPasswordFields name="new_password" confirmationName="new_password_confirmation" />
          <div className={formStyles.actions}>
            <ActionButton pending={isSubmitting}>
              {t('auth.change.submit')}
            </ActionButton>
          </div>
        </Form>
      )}
    </Formik>
  );
}
