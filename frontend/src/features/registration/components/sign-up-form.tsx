import { Formik, useFormikContext, type FormikErrors } from 'formik';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formStyles } from '@/components/form/form-styles';
import { ActionButton } from '@/components/ui/action-button';
import { AuthLinks } from '@/components/ui/auth-card';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import type { SignUpRole } from '@/config/roles';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { currentLanguage, loadSignUpTexts } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useRegistrationOptions, type RegistrationOptions } from '../api/get-registration-options';
import { toSignUpBody, useSignUp, type SignUpValues } from '../api/sign-up';
import { IdentityFields } from './identity-fields';
import type * as LaterSteps from './later-steps';
import { identityLists } from './option-lists';
import { loadSignUpSchema } from './sign-up-schema-chunk';
import { fieldsInError, firstStepOf, SIGN_UP_STEPS } from './sign-up-steps';
import styles from './sign-up.module.css';
import { StepProgress } from './step-progress';

/** The browser's IANA zone, '' when it does not say. */
const browserTimezone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || '';
  } catch {
    return '';
  }
};

/** The server's names for form fields that differ from the form's. */
const SERVER_FIELDS = { terms_version: 'accept_terms', privacy_version: 'accept_privacy' } as const;

const LAST_STEP = SIGN_UP_STEPS.length - 1;

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

/** The later steps' chunk (`later-steps.ts`) and their texts; a failed fetch is tried again next time. */
let laterChunk: Promise<typeof LaterSteps> | undefined;
const loadLaterSteps = () =>
  (laterChunk ??= Promise.all([import('./later-steps'), loadSignUpTexts()]).then(([module]) => module).catch((error: unknown) => {
    laterChunk = undefined;
    throw error;
  }));

/** What to focus once a step shows: its heading, or the control of a field (in the order of the page). */
type FocusRequest = { step: number; fields: readonly string[] | null };

const fieldNamesOf = (element: Element) => [element.getAttribute('data-field'), element.getAttribute('name')];

/** The first control of `section`, in the page's order, that belongs to one of `fields`. */
const firstControlOf = (section: Element, fields: readonly string[]) =>
  [...section.querySelectorAll<HTMLElement>('[data-field], [name]')].find((element) =>
    fieldNamesOf(element).some((name) => name !== null && fields.includes(name)),
  );

type StepSectionProps = { index: number; current: number; title: string; children: ReactNode };

/** One step's fields under a heading that says where the person is (« Étape 2 sur 3 »); hidden when not current. */
function StepSection({ index, current, title, children }: StepSectionProps) {
  const { t } = useTranslation();
  const headingId = `signup-step-${index}`;
  return (
    <section className={styles.section} aria-labelledby={headingId} hidden={index !== current} data-step={index}>
      <h2 id={headingId} tabIndex={-1}>
        <span className={styles.stepCount}>
          {t('registration.steps.progress', { current: index + 1, total: SIGN_UP_STEPS.length })}
          <span className="visually-hidden"> : </span>
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

type StepsProps = {
  role: SignUpRole;
  options: RegistrationOptions;
  timezone: string;
  step: number;
  /** Steps shown so far: they stay mounted (hidden), so a code sent or verified is kept. */
  reached: number;
  show: (request: FocusRequest) => void;
};

function SignUpSteps({ role, options, timezone, step, reached, show }: StepsProps) {
  const { t, i18n } = useTranslation();
  const { touched, isSubmitting, validateForm, setTouched, submitForm } = useFormikContext<SignUpValues>();
  const [later, setLater] = useState<typeof LaterSteps | null>(null);
  const [loading, setLoading] = useState(false);
  const language = i18n.resolvedLanguage ?? 'fr';
  const lists = useMemo(() => identityLists(options, t, language), [options, t, language]);

  const prepareLaterSteps = useCallback(async () => {
    setLater(await loadLaterSteps());
  }, []);

  /** Checks the current step's fields only: shows their errors, or goes on to the next step. */
  const next = async () => {
    const errors = await validateForm();
    const stepFields: readonly string[] = SIGN_UP_STEPS[step].fields;
    const touchedNow = Object.fromEntries(stepFields.map((field) => [field, true]));
    await setTouched({ ...touched, ...touchedNow }, false);
    const invalid = fieldsInError(errors, step);
    if (invalid.length > 0) {
      show({ step, fields: invalid });
      return;
    }
    if (later === null) {
      setLoading(true);
      try {
        await prepareLaterSteps();
      } catch {
        toast.error(t('errors.network'));
        return;
      } finally {
        setLoading(false);
      }
    }
    show({ step: step + 1, fields: null });
  };

  /** Submits everything; a field still in error (e.g. changed after its step) brings its step back. */
  const submit = async () => {
    const errors: FormikErrors<SignUpValues> = await validateForm();
    await submitForm();
    const invalid = fieldsInError(errors);
    const first = firstStepOf(invalid);
    if (first !== null) show({ step: first, fields: invalid });
  };

  const titles = SIGN_UP_STEPS.map(({ key }) => t(`registration.sections.${key}`));
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void (step < LAST_STEP ? next() : submit());
      }}
      // The person has started: fetch the rules and the second step's code meanwhile.
      onFocus={() => {
        void loadSignUpSchema().catch(() => undefined);
        if (later === null) void prepareLaterSteps().catch(() => undefined);
      }}
    >
      <StepProgress titles={titles} current={step} />
      <StepSection index={0} current={step} title={titles[0]}>
        <IdentityFields role={role} lists={lists} />
      </StepSection>
      {later && reached >= 1 && (
        <StepSection index={1} current={step} title={titles[1]}>
          <later.ContactFields role={role} options={options} browserZone={timezone} />
        </StepSection>
      )}
      {later && reached >= 2 && (
        <StepSection index={2} current={step} title={titles[2]}>
          <later.AccountFields role={role} />
        </StepSection>
      )}
      <div className={formStyles.actions}>
        {step > 0 && (
          <button type="button" className="btn btn-secondary" onClick={() => show({ step: step - 1, fields: null })}>
            {t('registration.back')}
          </button>
        )}
        {step < LAST_STEP ? (
          <ActionButton pending={loading}>{t('registration.next')}</ActionButton>
        ) : (
          <ActionButton pending={isSubmitting}>{t('registration.submit')}</ActionButton>
        )}
      </div>
    </form>
  );
}

function SignUpFields({ role, options }: { role: SignUpRole; options: RegistrationOptions }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signUp = useSignUp(role);
  const timezone = useMemo(() => browserTimezone(), []);
  const validate = useCallback(
    async (values: SignUpValues) => (await loadSignUpSchema()).validateSignUp(role, values),
    [role],
  );
  const start = useMemo(() => initialValues(options, timezone), [options, timezone]);
  const fieldNames = Object.keys(start) as (keyof SignUpValues)[];
  const [step, setStep] = useState(0);
  const [reached, setReached] = useState(0);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const show = useCallback((request: FocusRequest) => {
    setStep(request.step);
    setReached((reachedSoFar) => Math.max(reachedSoFar, request.step));
    setFocus(request);
  }, []);

  // Once the step shows: focus its first field in error, else its heading (read out with « Étape n sur 3 »).
  useEffect(() => {
    if (focus === null) return;
    const section = rootRef.current?.querySelector(`[data-step="${focus.step}"]`);
    if (!section) return;
    const control = focus.fields ? firstControlOf(section, focus.fields) : undefined;
    control?.focus();
    if (!control || document.activeElement !== control) section.querySelector<HTMLElement>('h2')?.focus();
    setFocus(null);
  }, [focus]);

  return (
    <div ref={rootRef}>
      <Formik
        initialValues={start}
        validate={validate}
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
                show({ step: LAST_STEP, fields: ['email_proof'] });
                return;
              }
            }
            applyServerErrors(error, helpers.setErrors, fieldNames, SERVER_FIELDS);
            // The first step holding a field the server refused comes back, focused on that field.
            if (isApiError(error)) {
              const refused = Object.keys(error.fields).map(
                (key) => (SERVER_FIELDS as Record<string, string>)[key] ?? key,
              );
              const inForm = refused.filter((field) => (fieldNames as string[]).includes(field));
              const first = firstStepOf(inForm);
              if (first !== null) show({ step: first, fields: inForm });
            }
          }
        }}
      >
        <SignUpSteps role={role} options={options} timezone={timezone} step={step} reached={reached} show={show} />
      </Formik>
    </div>
  );
}

/** Registration for clients and consultants (spec §3), in three steps; consultant extras shown for consultants. */
export function SignUpForm({ role }: { role: SignUpRole }) {
  const { t } = useTranslation();
  const { data, isError, refetch } = useRegistrationOptions();
  // The form is rendered in the background (a deferred value: React renders it in slices and
  // lets the browser answer meanwhile) rather than in one long task when the options arrive.
  const options = useDeferredValue(data ?? null, null);
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
      {/* Under the form once it is there: shown beside the loader, the link was pushed down when it came. */}
      {(options || isError) && (
        <AuthLinks>
          <Link to={paths.public[role].signIn.getHref()}>{t('registration.haveAccount')}</Link>
        </AuthLinks>
      )}
    </>
  );
}
