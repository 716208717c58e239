import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-error';
import type { SecondFactorOutcome, SecondFactorRetry } from '@/lib/second-factor-prompt';
import { CodeForm } from './code-form';

const REAUTHENTICATION_DIALOG = 'reauthentication-dialog';

type Props = {
  retry: SecondFactorRetry<unknown>;
  onSettled: (outcome: SecondFactorOutcome<unknown>) => void;
};

/** Refusals the person can fix in the dialog: a wrong code, or too many tries for now. */
const stays = (error: unknown) =>
  isApiError(error) && (error.code === 'second_factor_invalid' || error.status === 429);

/**
 * "Confirm it's you": a current code (or a recovery code), then the refused request
 * goes again with it. A wrong code stays here; Escape or Cancel gives up.
 */
export function ReauthenticationDialog({ retry, onSettled }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (code: string) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const value = await retry(code);
      onSettled({ status: 'done', value });
    } catch (failure) {
      if (stays(failure) && isApiError(failure)) {
        setError(failure.message);
        setBusy(false);
        return;
      }
      onSettled({ status: 'failed', error: failure });
    }
  };

  // While the code is checked, the request may be going through: it cannot be cancelled then.
  const cancel = () => {
    if (!busy) onSettled({ status: 'cancelled' });
  };

  return (
    <Dialog title={t('secondFactor.reauth.title')} onClose={cancel} testId={REAUTHENTICATION_DIALOG}>
      <p>{t('secondFactor.reauth.intro')}</p>
      <CodeForm
        allowRecovery
        busy={busy}
        error={error}
        onSubmit={(code) => void submit(code)}
        submitLabel={t('secondFactor.reauth.submit')}
        testId="reauthentication-form"
      >
        <button type="button" className="btn btn-secondary" onClick={cancel} disabled={busy}>
          {t('secondFactor.reauth.cancel')}
        </button>
      </CodeForm>
    </Dialog>
  );
}
