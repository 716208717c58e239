import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { errorText } from '@/lib/toast';
import { useAnswerSandboxChallenge, type ChallengeOutcome } from '../api/sandbox-payment';
import { toMoney, type PaymentIntent, type SandboxPaymentAnswer } from '../api/types';
import styles from './booking.module.css';
import { useMoney } from './use-money';

/** The provider's answer to the challenge, or why it could not be sent. */
export type ChallengeResult = { answer: SandboxPaymentAnswer } | { error: string };

type Props = { intent: PaymentIntent; onDone: (result: ChallengeResult) => void };

/**
 * The sandbox's 3-D Secure challenge, as a bank's page would ask it: a modal dialog (focus
 * inside, returned when it closes) with the amount, "Valider" or "Échouer"; Escape fails it.
 * The answer goes to the sandbox provider's own route. While it is sent the buttons stay
 * focusable (aria-disabled) so focus never leaves the dialog, and a second press does nothing.
 */
export function ChallengeDialog({ intent, onDone }: Props) {
  const { t } = useTranslation();
  const money = useMoney();
  const challenge = useAnswerSandboxChallenge();
  const busy = challenge.isPending;
  const answer = (outcome: ChallengeOutcome) => {
    if (busy) return;
    challenge.mutate(
      { intentId: intent.intent_id, clientSecret: intent.client_secret, outcome },
      {
        onSuccess: (result) => onDone({ answer: result }),
        onError: (error) => onDone({ error: errorText(error, t('errors.network')) }),
      },
    );
  };
  const amount = money(toMoney(intent.amount));
  return (
    <Dialog title={t('booking.sandbox.challenge.title')} onClose={() => answer('fail')} testId="challenge-dialog">
      <p>{t('booking.sandbox.challenge.merchant')}</p>
      <p className={styles.total}>{t('booking.sandbox.challenge.amount', { amount })}</p>
      <p>{t('booking.sandbox.challenge.text')}</p>
      <p role="status">{busy ? t('booking.sandbox.challenge.checking') : ''}</p>
      <DialogActions>
        <button type="button" className="btn" aria-disabled={busy || undefined} onClick={() => answer('complete')}>
          {t('booking.sandbox.challenge.complete')}
        </button>
        <button type="button" className="btn btn-secondary" aria-disabled={busy || undefined} onClick={() => answer('fail')}>
          {t('booking.sandbox.challenge.fail')}
        </button>
      </DialogActions>
    </Dialog>
  );
}
