import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

const SUBSCRIBE = '/api/public/newsletter/subscriptions';
const CONFIRM = '/api/public/newsletter/confirmation';
const UNSUBSCRIBE = '/api/public/newsletter/unsubscription';
const SENT = 'Vérifiez votre boîte mail pour confirmer votre inscription';
const user = () => userEvent.setup({ delay: null });
const accepted = () => json({ received: true }, { status: 202 });
const noContent = () => new Response(null, { status: 204 });

/** The footer's form, once its chunk came. */
const footerForm = () => screen.findByRole('form', { name: 'Inscription à la newsletter' });

describe('newsletter: the footer’s form', () => {
  it('sends the trimmed address with the empty honeypot and says to check the mailbox, whatever the address', async () => {
    const fetch = stubFetch({ [`POST ${SUBSCRIBE}`]: accepted });
    renderApp('/sign-in');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Newsletter' })).closest('section')!;
    const form = await footerForm();
    expect(section.contains(form)).toBe(true);
    const email = within(form).getByLabelText<HTMLInputElement>(/^Votre adresse e-mail/);
    expect(email.required).toBe(true);
    expect(email.type).toBe('email');
    // The honeypot: rendered, out of reach of people and assistive technology.
    const honeypot = form.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(within(form).queryByRole('textbox', { name: /Laissez ce champ vide/ })).toBeNull();

    const u = user();
    await u.type(email, ' lea@example.org ');
    await u.click(within(form).getByRole('button', { name: 'S’inscrire' }));
    const done = await screen.findByText(SENT);
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(fetch.calls('POST', SUBSCRIBE).map((request) => request.body)).toEqual([
      { email: 'lea@example.org', website: '' },
    ]);
    // Another address: the form again, empty.
    const again = screen.getByRole('button', { name: 'Inscrire une autre adresse' });
    await waitFor(() => expect(document.activeElement).toBe(again));
    await u.click(again);
    expect(within(await footerForm()).getByLabelText<HTMLInputElement>(/^Votre adresse e-mail/).value).toBe('');
  });

  it('refuses an invalid address without a request, and puts the server’s error on the field', async () => {
    let answer: StubHandler = accepted;
    const fetch = stubFetch({ [`POST ${SUBSCRIBE}`]: (request) => answer(request) });
    renderApp('/sign-in');
    const form = await footerForm();
    const email = within(form).getByLabelText<HTMLInputElement>(/^Votre adresse e-mail/);
    const u = user();
    await u.type(email, 'lea@');
    await u.click(within(form).getByRole('button', { name: 'S’inscrire' }));
    expect(await within(form).findByText('Saisissez une adresse e-mail valide.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(fetch.calls('POST', SUBSCRIBE)).toEqual([]);

    answer = () => apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', { email: 'Adresse refusée par le serveur.' });
    await u.clear(email);
    await u.type(email, 'lea@example.org');
    await u.click(within(form).getByRole('button', { name: 'S’inscrire' }));
    expect(await within(form).findByText('Adresse refusée par le serveur.')).toBeTruthy();
    expect(screen.queryByText(SENT)).toBeNull();
  });

  it('says why when too many requests came from this address (429)', async () => {
    stubFetch({ [`POST ${SUBSCRIBE}`]: () => apiError(429, 'too_many_requests', 'Trop de demandes. Réessayez plus tard.') });
    renderApp('/sign-in');
    const form = await footerForm();
    const u = user();
    await u.type(within(form).getByLabelText(/^Votre adresse e-mail/), 'lea@example.org');
    await u.click(within(form).getByRole('button', { name: 'S’inscrire' }));
    const alert = await screen.findByText('Trop de demandes. Réessayez plus tard.');
    expect(alert.getAttribute('role')).toBe('alert');
  });
});

describe('newsletter: the mails’ links', () => {
  it('confirms on opening the confirmation link, once, and says so', async () => {
    const fetch = stubFetch({ [`POST ${CONFIRM}`]: noContent });
    renderApp('/newsletter/confirm/key%201/tok-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmation de votre inscription' })).toBeTruthy();
    const done = await screen.findByText(/^Votre inscription à la newsletter est confirmée\./);
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(fetch.calls('POST', CONFIRM).map((request) => request.body)).toEqual([{ key: 'key 1', token: 'tok-1' }]);
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/');
  });

  it('shows the server’s reason for a dead link and offers to subscribe again', async () => {
    const fetch = stubFetch({
      [`POST ${CONFIRM}`]: () => apiError(400, 'newsletter_link_invalid', 'Ce lien n’est plus valable.'),
      [`POST ${SUBSCRIBE}`]: accepted,
    });
    renderApp('/newsletter/confirm/k1/old');
    const reason = await screen.findByText('Ce lien n’est plus valable.');
    expect(reason.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'S’inscrire à nouveau' })).toBeTruthy();
    // Named apart from the footer's form (one landmark per name).
    const main = await screen.findByRole('form', { name: 'S’inscrire à nouveau' });
    expect(main.closest('main')).toBeTruthy();
    const u = user();
    await u.type(within(main).getByLabelText(/^Votre adresse e-mail/), 'lea@example.org');
    await u.click(within(main).getByRole('button', { name: 'S’inscrire' }));
    expect(await screen.findByText(SENT)).toBeTruthy();
    expect(fetch.calls('POST', SUBSCRIBE)).toHaveLength(1);
  });

  it('unsubscribes only when asked (mail scanners open links), then says so', async () => {
    const fetch = stubFetch({ [`POST ${UNSUBSCRIBE}`]: noContent });
    renderApp('/newsletter/unsubscribe/k1/u1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Se désinscrire de la newsletter' })).toBeTruthy();
    expect(fetch.calls('POST', UNSUBSCRIBE)).toEqual([]);
    await user().click(screen.getByRole('button', { name: 'Me désinscrire' }));
    const done = await screen.findByText(/^Vous êtes désinscrit\(e\)/);
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(fetch.calls('POST', UNSUBSCRIBE).map((request) => request.body)).toEqual([{ key: 'k1', token: 'u1' }]);
    expect(screen.queryByRole('button', { name: 'Me désinscrire' })).toBeNull();
  });

  it('says why an unsubscription failed and keeps the button', async () => {
    stubFetch({ [`POST ${UNSUBSCRIBE}`]: () => apiError(400, 'newsletter_link_invalid', 'Ce lien n’est pas valable.') });
    renderApp('/newsletter/unsubscribe/k1/forged');
    await user().click(await screen.findByRole('button', { name: 'Me désinscrire' }));
    const reason = await screen.findByText('Ce lien n’est pas valable.');
    expect(reason.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Me désinscrire' }).hasAttribute('disabled')).toBe(false));
  });
});
