import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createContext, useContext, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setRoleStatus } from '@/lib/persisted-state';
import { json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import { bookingRow, quote, TOKEN } from '../testing/booking-fixtures';

// Stripe.js is mocked in unit tests only: no script is loaded from Stripe here.
const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmPayment: vi.fn(),
  elementsOptions: [] as unknown[],
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));

vi.mock('@stripe/react-stripe-js', async () => {
  const { useEffect } = await import('react');
  const StripeContext = createContext<unknown>(null);
  const elements = { kind: 'elements' };
  return {
    Elements: ({ stripe: instance, options, children }: { stripe: unknown; options: unknown; children: ReactNode }) => {
      stripe.elementsOptions.push(options);
      return <StripeContext.Provider value={instance}>{children}</StripeContext.Provider>;
    },
    PaymentElement: ({ onReady }: { onReady?: () => void }) => {
      useEffect(() => onReady?.(), [onReady]);
      return <div data-testid="stripe-payment-element" />;
    },
    useStripe: () => useContext(StripeContext),
    useElements: () => (useContext(StripeContext) ? elements : null),
  };
});

const user = () => userEvent.setup({ delay: null });

const INTENT = {
  provider: 'stripe',
  intent_id: 'pi_3Stripe',
  client_secret: 'pi_3Stripe_secret_abc',
  publishable_key: 'pk_test_equilibre',
  amount: { minor: 6000, currency: 'EUR' },
};

const asClient = (handlers: Record<string, StubHandler>) => {
  setRoleStatus('client', true);
  return stubFetch({
    'GET /api/client/session': () => json(sessionFor('client')),
    'GET /api/client/booking-quote': () => json(quote()),
    'POST /api/client/bookings': () =>
      json(
        {
          booking_id: 'b1',
          status: 'held',
          hold_expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
          total: { amount_minor: 6000, currency: 'EUR' },
        },
        { status: 201 },
      ),
    'POST /api/client/bookings/b1/payment': () => json(INTENT),
    ...handlers,
  });
};

describe('card payment with Stripe', () => {
  beforeEach(() => {
    stripe.loadStripe.mockReset();
    stripe.confirmPayment.mockReset();
    stripe.elementsOptions.length = 0;
    stripe.loadStripe.mockResolvedValue({ confirmPayment: stripe.confirmPayment });
  });

  it('loads Stripe on the payment step only, confirms in the page, then pays with the intent', async () => {
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_3Stripe', status: 'succeeded' } });
    const fetch = asClient({
      'POST /api/client/bookings/b1/pay': () => json(bookingRow({ card: { brand: 'visa', last4: '4242' } })),
    });
    renderApp(`/booking/${TOKEN}`);
    const u = user();
    expect(await screen.findByRole('button', { name: 'Réserver maintenant' })).toBeTruthy();
    // Not before the payment step.
    expect(stripe.loadStripe).not.toHaveBeenCalled();
    await u.click(screen.getByRole('button', { name: 'Réserver maintenant' }));
    expect(await screen.findByTestId('stripe-payment-element')).toBeTruthy();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_equilibre');
    expect(stripe.elementsOptions.at(-1)).toMatchObject({ clientSecret: 'pi_3Stripe_secret_abc', locale: 'fr' });
    // No card field of ours, no sandbox hint.
    expect(screen.queryByLabelText(/Numéro de carte/)).toBeNull();
    expect(screen.queryByText('Cartes de test')).toBeNull();
    expect(screen.getByText(/elles ne passent jamais par nos serveurs/)).toBeTruthy();
    const pay = await screen.findByRole('button', { name: /Payer 60,00/ });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    await u.click(pay);
    expect(await screen.findByRole('heading', { name: 'Réservation confirmée' })).toBeTruthy();
    expect(stripe.confirmPayment).toHaveBeenCalledWith({ elements: { kind: 'elements' }, redirect: 'if_required' });
    expect(fetch.calls('POST', '/api/client/bookings/b1/pay')[0].body).toEqual({ payment_intent: 'pi_3Stripe' });
    expect(fetch.calls('POST', '/api/public/sandbox-payments/pi_3Stripe/confirm')).toEqual([]);
  });

  it('shows Stripe’s own error (declined, failed authentication) and keeps the form for another try', async () => {
    stripe.confirmPayment
      .mockResolvedValueOnce({ error: { type: 'card_error', message: 'Votre carte a été refusée.' } })
      .mockResolvedValueOnce({ paymentIntent: { id: 'pi_3Stripe', status: 'succeeded' } });
    const fetch = asClient({
      'POST /api/client/bookings/b1/pay': () => json(bookingRow({ card: { brand: 'visa', last4: '4242' } })),
    });
    renderApp(`/booking/${TOKEN}`);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Réserver maintenant' }));
    const pay = await screen.findByRole('button', { name: /Payer 60,00/ });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    await u.click(pay);
    expect((await screen.findByText('Votre carte a été refusée.')).closest('[role="alert"]')).toBeTruthy();
    expect(fetch.calls('POST', '/api/client/bookings/b1/pay')).toEqual([]);
    expect(screen.getByTestId('stripe-payment-element')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: /Payer 60,00/ }));
    expect(await screen.findByRole('heading', { name: 'Réservation confirmée' })).toBeTruthy();
  });

  it('says so when Stripe.js cannot be loaded, and tries again', async () => {
    stripe.loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    // Another key than the earlier tests' (Stripe.js is loaded once per key).
    asClient({ 'POST /api/client/bookings/b1/payment': () => json({ ...INTENT, publishable_key: 'pk_test_other' }) });
    renderApp(`/booking/${TOKEN}`);
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Réserver maintenant' }));
    expect(await screen.findByText(/Le formulaire de paiement n’a pas pu être chargé/)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('stripe-payment-element')).toBeTruthy();
    expect(stripe.loadStripe).toHaveBeenCalledTimes(2);
  });
});
