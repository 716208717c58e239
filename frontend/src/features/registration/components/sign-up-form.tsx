import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formStyles } from '@/components/form/form-styles';
import { AuthLinks } from '@/components/ui/auth-card';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import type { SignUpRole } from '@/config/roles';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { currentLanguage } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useRegistrationOptions, type RegistrationOptions } from '../api/get-registration-options';
import { signUpInputSchema, toSignUpBody, useSignUp, type SignUpValues } from '../api/sign-up';
import { AccountFields } from './account-fields';
import { ContactFields } from './contact-fields';
import { IdentityFields } from './identity-fields';
import { buildOptionLists } from './option-lists';
import { ActionButton } from '@/components/ui/action-button';

const browserTimezone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || '';
  } catch {
    return '';
  }
};

const initialValues = (options: RegistrationOptions, timezone: string): SignUpValues => ({
  title: '',
  gender: '',
  family_name: '',
  given_name: '',
  date_of_birth: '',
  preferred_contact: options.contact_methods.includes('email') ? 'email' : '',
  isd_code: options.countries.some((c) => c.isd === '+33') ? '+33' : '',
  contact_number: '',
  alternative_isd_code: '',
  alternative_number: '',
  whatsapp_number: '',
  timezone,
  correspondence_language: currentLanguage(),
  spoken_languages: [],
  profession: '',
  years_of_experience: '',
  country_of_residence: '',
  nationality: '',
  email: '',
  email_proof: '',
  mobile_proof: '',
  password: '',
  password_confirmation: '',
  accept_terms: false,
  accept_privacy: false,
});

function SignUpFields({ role, options }: { role: SignUpRole; options: RegistrationOptions }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const signUp = useSignUp(role);
  const timezone = useMemo(() => browserTimezone(), []);
  const language = i18n.resolvedLanguage ?? 'fr';
  const lists = useMemo(() => buildOptionLists(options, t, language, timezone), [options, t, language, timezone]);
  const schema = useMemo(() => signUpInputSchema(role), [role]);
  const start = useMemo(() => initialValues(options, timezone), [options, timezone]);
  const fieldNames = Object.keys(start) as (keyof SignUpValues)[];

  return (
    <Formik
      initialValues={start}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        try {
          const body = toSignUpBody(role, values, {
            terms_version: options.terms_version,
            privacy_version: options.privacy_version,
          });
          await signUp.mutateAsync(body);
          toast.success(t('registration.success'));
          await navigate(paths.public[role].signIn.getHref());
        } catch (error) {
          if (isApiError(error) && (error.fields.email_proof || error.code === 'email_not_verified')) {
            // The proof expired or was refused: the e-mail must be verified again.
            await helpers.setFieldValue('email_proof', '', false);
            if (!error.fields.email_proof) {
              helpers.setFieldError('email_proof', error.message);
              return;
            }
          }
          applyServerErrors(error, helpers.setErrors, fieldNames, {
            terms_version: 'accept_terms',
            privacy_version: 'accept_privacy',
          });
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <IdentityFields role={role} lists={lists} />
          <ContactFields role={role} lists={lists} />
          <AccountFields role={role} />
          <div className={formStyles.actions}>
            <ActionButton pending={isSubmitting}>
              {t('registration.submit')}
            </ActionButton>
          </div>
        </Form>
      )}
    </Formik>
  );
}

/** Registration for clients and consultants (spec §3); one form, consultant extras shown for consultants. */
export function SignUpForm({ role }: { role: SignUpRole }) {
  const { t } = useTranslation();
  const { data: options, isError, refetch } = useRegistrationOptions();
  return (
    <>
      {options ? (
        <SignUpFields role={role} options={options} />
      ) : isError ? (
        <div role="alert">
          <p>{t('registration.optionsFailed')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void refetch()}>
            {t('errors.retry')}
          </button>
        </div>
      ) : (
        <PageLoader />
      )}
      <AuthLinks>
        <Link to={paths.public[role].signIn.getHref()}>{t('registration.haveAccount')}</Link>
      </AuthLinks>
    </>
  );
}
