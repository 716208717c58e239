import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Appearance, type Stripe, type StripeElementsOptionsClientSecret } from '@stripe/stripe-js';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import { errorText } from '@/lib/toast';
import type { Money, PaymentIntent } from '../api/types';
import styles from './booking.module.css';
import { useFinishPayment, type PaymentOutcome } from './use-finish-payment';
import { useMoney } from './use-money';

export type StripePaymentProps = PaymentOutcome & {
  bookingId: string;
  intent: PaymentIntent;
  total: Money;
  /** Another purchase's last step (a digital product's `…/pay`) instead of the booking's. */
  finishWith?: (intentId: string) => Promise<string | null>;
};

/** Stripe.js, loaded once per publishable key (and again only after a failed load). */
const loads = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  let load = loads.get(key);
  if (!load) {
    load = loadStripe(key).catch(() => null);
    loads.set(key, load);
  }
  return load;
};

/** The app's colours and corners in Stripe's element (it draws inside its own frame). */
const appearance: Appearance = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#2f6b4f',
    colorText: '#1f2a24',
    colorDanger: '#a12a1f',
    fontFamily: 'Lato, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    borderRadius: '10px',
  },
};

type FormProps = { intentId: string; total: Money; finish: (intentId: string) => Promise<string | null> };

/** The card in Stripe's Payment Element (card only); Stripe runs any 3-D Secure challenge in the page. */
function StripeForm({ intentId, total, finish }: FormProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setStatus(null);
    try {
      // A card needing 3-D Secure gets Stripe's own challenge here, in the page; no redirection.
      const { error } = await stripe.confirmPayment({ elements, redirect: 'if_required' });
      if (error) {
        setStatus(error.message ?? t('booking.payment.refused'));
        return;
      }
      const message = await finish(intentId);
      if (message) setStatus(message);
    } catch (error) {
      setStatus(errorText(error, t('errors.network')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate aria-labelledby="card-form-title" onSubmit={(event) => void submit(event)}>
      <h2 id="card-form-title">{t('booking.card.title')}</h2>
      <p className={styles.notice}>{t('booking.payment.secure')}</p>
      {!ready && <p role="status">{t('booking.payment.loadingForm')}</p>}
      <div className={styles.stripeElement}>
        <PaymentElement
          options={{
            layout: 'tabs',
            paymentMethodOrder: ['card'],
            wallets: { applePay: 'never', googlePay: 'never', link: 'never' },
          }}
          onReady={() => setReady(true)}
        />
      </div>
      <div role="alert">{status ? <p className={formStyles.error}>{status}</p> : null}</div>
      <button type="submit" className="btn" disabled={!stripe || !elements || !ready || busy} aria-busy={busy || undefined}>
        {busy ? t('booking.card.paying') : t('booking.card.pay', { amount: money(total) })}
      </button>
    </form>
  );
}

/**
 * The payment step with Stripe (provider `stripe`): Stripe.js is loaded here only, from the
 * publishable key the server gave with the intent, and the card is typed into Stripe's element:
 * it never reaches our servers. Once Stripe has confirmed the intent, the booking is paid with it.
 */
export function StripePayment({ bookingId, intent, total, onPaid, onHoldExpired, finishWith }: StripePaymentProps) {
  const { t, i18n } = useTranslation();
  const bookingFinish = useFinishPayment(bookingId, { onPaid, onHoldExpired });
  const finish = finishWith ?? bookingFinish;
  const key = intent.publishable_key;
  const [loaded, setLoaded] = useState<{ key: string; stripe: Stripe | null } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!key) return;
    let live = true;
    void stripeFor(key).then((stripe) => {
      if (!live) return;
      if (!stripe) loads.delete(key);
      setLoaded({ key, stripe });
    });
    return () => {
      live = false;
    };
  }, [key, attempt]);

  const locale = i18n.language.startsWith('en') ? 'en' : 'fr';
  const options = useMemo<StripeElementsOptionsClientSecret>(
    () => ({ clientSecret: intent.client_secret, locale, appearance }),
    [intent.client_secret, locale],
  );
  const current = loaded && loaded.key === key ? loaded : null;
  if (!key || (current && !current.stripe)) {
    return (
      <div>
        <h2 id="card-form-title">{t('booking.card.title')}</h2>
        <div role="alert">
          <p className={formStyles.error}>{t('booking.payment.loadFailed')}</p>
        </div>
        {key && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setLoaded(null);
              setAttempt((n) => n + 1);
            }}
          >
            {t('booking.payment.retry')}
          </button>
        )}
      </div>
    );
  }
  if (!current?.stripe) return <p role="status">{t('booking.payment.loadingForm')}</p>;
  return (
    // Stripe's element keeps the locale it was made with: a new language makes a new one.
    <Elements key={locale} stripe={current.stripe} options={options}>
      <StripeForm intentId={intent.intent_id} total={total} finish={finish} />
    </Elements>
  );
}
