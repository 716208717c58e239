import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

const SEND = 'POST /api/public/contact-messages';
const user = () => userEvent.setup({ delay: null });
const setup = (send: StubHandler = () => json({ received: true }, { status: 202 })) => stubFetch({ [SEND]: send });
const sent = (fetch: ReturnType<typeof stubFetch>) => fetch.calls('POST', '/api/public/contact-messages');
const field = (name: RegExp) => screen.getByLabelText<HTMLInputElement>(name);
const submit = () => screen.getByRole('button', { name: 'Envoyer le message' });

/** Fills the required fields (name, e-mail, subject, message). */
const fillRequired = async (u: ReturnType<typeof user>, email = 'lea@example.org') => {
  await u.type(await screen.findByLabelText(/^Nom/), '  Léa Petit ');
  await u.type(field(/^E-mail/), email);
  await u.type(field(/^Objet/), 'Partenariat');
  await u.type(field(/^Message/), 'Bonjour, je souhaite proposer un atelier.');
};

describe('contact form (/contact-us)', () => {
  it('keeps the page’s text above the form and marks the required fields', async () => {
    setup();
    renderApp('/contact-us');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nous contacter' })).toBeTruthy();
    expect(screen.getByText(/l’équipe Equilibre vous répondra par e-mail\.$/)).toBeTruthy();
    await screen.findByRole('form', { name: 'Formulaire de contact' });
    expect(screen.getByText('Les champs marqués d’un astérisque (*) sont obligatoires.')).toBeTruthy();
    expect(screen.getByText(/^5\s000 caractères au plus\.$/)).toBeTruthy();
    for (const name of [/^Nom/, /^E-mail/, /^Objet/, /^Message/]) expect(field(name).required, String(name)).toBe(true);
    for (const name of [/^Téléphone/, /^Organisation/]) expect(field(name).required, String(name)).toBe(false);
    // The honeypot: rendered (not display: none) but hidden from people and assistive technology.
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Laissez ce champ vide/ })).toBeNull();
  });

  it('sends the trimmed message with the empty honeypot and the empty optional fields as null, then confirms', async () => {
    const fetch = setup();
    renderApp('/contact-us');
    const u = user();
    await fillRequired(u);
    await u.click(submit());
    const confirmation = await screen.findByText(
      'Merci, votre message a bien été envoyé. L’équipe Equilibre vous répondra par e-mail.',
    );
    expect(confirmation.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Formulaire de contact' })).toBeNull();
    expect(sent(fetch).map((request) => request.body)).toEqual([
      {
        name: 'Léa Petit',
        email: 'lea@example.org',
        phone: null,
        organisation: null,
        subject: 'Partenariat',
        message: 'Bonjour, je souhaite proposer un atelier.',
        website: '',
      },
    ]);

    // Another message: an empty form again.
    const again = screen.getByRole('button', { name: 'Écrire un autre message' });
    await waitFor(() => expect(document.activeElement).toBe(again));
    await u.click(again);
    expect((await screen.findByLabelText<HTMLInputElement>(/^Nom/)).value).toBe('');
    expect(screen.queryByText(/Merci, votre message a bien été envoyé/)).toBeNull();
    await u.type(field(/^Nom/), 'Paul Roux');
    await u.type(field(/^E-mail/), 'paul@example.org');
    await u.type(field(/^Téléphone/), ' +33 (0)6 12-34.56.78 ');
    await u.type(field(/^Organisation/), 'Atelier Roux');
    await u.type(field(/^Objet/), 'Question');
    await u.type(field(/^Message/), 'Bonjour.');
    await u.click(submit());
    await screen.findByText(/Merci, votre message a bien été envoyé/);
    expect(sent(fetch)[1].body).toMatchObject({ phone: '+33 (0)6 12-34.56.78', organisation: 'Atelier Roux', website: '' });
  });

  it('refuses to send an invalid e-mail, an empty message or an invalid phone (no request made)', async () => {
    const fetch = setup();
    renderApp('/contact-us');
    const u = user();
    await u.type(await screen.findByLabelText(/^Nom/), 'Léa Petit');
    await u.type(field(/^E-mail/), 'lea@');
    await u.type(field(/^Téléphone/), '06 12 AB');
    await u.type(field(/^Objet/), 'Partenariat');
    await u.type(field(/^Message/), '   ');
    await u.click(submit());
    expect(await screen.findByText('Saisissez une adresse e-mail valide.')).toBeTruthy();
    expect(field(/^E-mail/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(field(/^Message/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^Saisissez un numéro de téléphone valide\s: chiffres, espaces et/)).toBeTruthy();
    expect(sent(fetch)).toEqual([]);
  });

  it('puts the server’s field errors (400) on the fields', async () => {
    const fetch = setup(() =>
      apiError(400, 'validation_failed', 'Certains champs sont invalides.', {
        email: 'Cette adresse e-mail n’est pas acceptée.',
        subject: 'L’objet est trop long.',
      }),
    );
    renderApp('/contact-us');
    const u = user();
    await fillRequired(u);
    await u.click(submit());
    expect(await screen.findByText('Cette adresse e-mail n’est pas acceptée.')).toBeTruthy();
    expect(screen.getByText('L’objet est trop long.')).toBeTruthy();
    expect(field(/^E-mail/).getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Objet/).getAttribute('aria-invalid')).toBe('true');
    expect(sent(fetch)).toHaveLength(1);
    // The form stays, ready to be sent again.
    expect(submit().hasAttribute('disabled')).toBe(false);
  });

  it.each(['rate_limited', 'contact_message_limit', 'too_many_requests'])(
    'shows the server’s message above the form when too many messages were sent (429 %s)',
    async (code) => {
      setup(() => apiError(429, code, 'Trop de messages envoyés. Réessayez dans une heure.'));
      renderApp('/contact-us');
      const u = user();
      await fillRequired(u);
      await u.click(submit());
      const alert = await screen.findByText('Trop de messages envoyés. Réessayez dans une heure.');
      expect(alert.getAttribute('role')).toBe('alert');
      const form = screen.getByRole('form', { name: 'Formulaire de contact' });
      expect(alert.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(within(form).getByLabelText<HTMLInputElement>(/^Objet/).value).toBe('Partenariat');
      expect(screen.queryByText(/Merci, votre message a bien été envoyé/)).toBeNull();
    },
  );
});
