import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import { ActionButton } from '@/components/ui/action-button';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { errorText } from '@/lib/toast';
import { useAcceptLegal, type LegalStanding } from '../api/legal-acceptance';
import styles from './booking.module.css';

type Props = {
  standing: LegalStanding;
  /** Focus the panel's heading when it shows (it replaced the booking button after a refusal). */
  focusOnShow?: boolean;
};

/**
 * Before the booking buttons, while the client has not accepted the terms and privacy versions in
 * force (docs/rules.md "Static pages and legal texts"): both documents (those very versions, in a new
 * tab), one checkbox and « Accepter et continuer », which accepts exactly the versions shown. A version
 * published meanwhile is refused (`terms.outdated`): the standing is read again and the panel shows
 * the new versions, unticked.
 */
export function LegalAcceptancePanel({ standing, focusOnShow = false }: Props) {
  const { t } = useTranslation();
  const accept = useAcceptLegal();
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const box = useRef<HTMLInputElement>(null);
  const versions = `${standing.terms_in_force} ${standing.privacy_in_force}`;
  const [shownVersions, setShownVersions] = useState(versions);
  // Other versions than the ones ticked for: the client reads and ticks again.
  if (shownVersions !== versions) {
    setShownVersions(versions);
    setChecked(false);
  }

  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checked) {
      setError(t('booking.legal.required'));
      box.current?.focus();
      return;
    }
    setError(null);
    accept.mutate(
      { terms_version: standing.terms_in_force, privacy_version: standing.privacy_in_force },
      {
        // `terms.outdated` says it on the versions' fields: the panel now shows the new ones.
        onError: (refusal) =>
          setError(
            (isApiError(refusal) && (refusal.fields.terms_version ?? refusal.fields.privacy_version)) ||
              errorText(refusal, t('errors.network')),
          ),
      },
    );
  };

  const newTab = <span className="visually-hidden"> {t('common.newWindow')}</span>;
  return (
    <section className={styles.legal} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('booking.legal.title')}
      </h3>
      <p>{t('booking.legal.text')}</p>
      <ul className={styles.legalLinks}>
        <li>
          <a href={paths.termsConditions.getHref(standing.terms_in_force)} target="_blank" rel="noopener">
            {t('booking.legal.terms', { version: standing.terms_in_force })}
            {newTab}
          </a>
        </li>
        <li>
          <a href={paths.privacyPolicy.getHref(standing.privacy_in_force)} target="_blank" rel="noopener">
            {t('booking.legal.privacy', { version: standing.privacy_in_force })}
            {newTab}
          </a>
        </li>
      </ul>
      <form onSubmit={submit} noValidate>
        <div className={styles.legalCheck}>
          <input
            ref={box}
            id={`${id}-accept`}
            type="checkbox"
            checked={checked}
            onChange={(event) => {
              setChecked(event.target.checked);
              if (event.target.checked) setError(null);
            }}
            aria-invalid={error && !checked ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <label htmlFor={`${id}-accept`}>{t('booking.legal.accept')}</label>
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className={formStyles.error}>
            {error}
          </p>
        )}
        <ActionButton pending={accept.isPending} pendingLabel={t('booking.legal.submitting')}>
          {t('booking.legal.submit')}
        </ActionButton>
      </form>
    </section>
  );
}
