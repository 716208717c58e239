import { useTranslation } from 'react-i18next';

import { PASSWORD_MIN } from '@/config/validation';

import { TextField } from './text-field';

type NewPasswordFieldsProps = {
  /** Form field of the new password. */
  name: string;
  /** Form field of its confirmation. */
  confirmationName: string;
  /** Translation key of the first label. */
  labelKey?: 'fields.password' | 'fields.newPassword';
};

/** A new password and its confirmation, as every password form asks them. */
export function NewPasswordFields({ name, confirmationName, labelKey = 'fields.newPassword' }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        name={name}
        type="password"
        label={t(labelKey)}
        hint={t('fields.passwordHint', { min: PASSWORD_MIN })}
        autoComplete="new-password"
        required
      />
      <TextField
        name={confirmationName}
        type="password"
        label={t('fields.passwordConfirmation')}
        autoComplete="new-password"
        required
      />
    </>
  );
}
