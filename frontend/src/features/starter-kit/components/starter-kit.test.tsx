import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

const REQUEST = '/api/public/starter-kit-requests';
const user = () => userEvent.setup({ delay: null });
const setup = (answer: StubHandler = () => json({ received: true }, { status: 202 })) =>
  stubFetch({ [`POST ${REQUEST}`]: answer, 'GET /api/public/figures': () => json({ experts: 0, clients: 0, consultations: 0, shown_from: 10 }) });
const kitForm = () => screen.findByRole('form', { name: 'Demande du kit de démarrage' });

describe('starter kit on the home page', () => {
  it('comes below the page’s sections, with its labelled fields and the hidden honeypot', async () => {
    setup();
    renderApp('/');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Votre kit de démarrage bien-être offert' });
    const faq = screen.getByRole('heading', { level: 2, name: /questions/i });
    expect(faq.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const form = await kitForm();
    expect(within(form).getByLabelText<HTMLInputElement>(/^Votre nom/).required).toBe(true);
    expect(within(form).getByLabelText<HTMLInputElement>(/^Votre adresse e-mail/).required).toBe(true);
    const honeypot = form.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.closest('[aria-hidden="true"]')).toBeTruthy();
  });

  it('sends the trimmed name and address, then says the kit is on its way', async () => {
    const fetch = setup();
    renderApp('/');
    const form = await kitForm();
    const u = user();
    await u.type(within(form).getByLabelText(/^Votre nom/), ' Léa Petit ');
    await u.type(within(form).getByLabelText(/^Votre adresse e-mail/), 'lea@example.org');
    await u.click(within(form).getByRole('button', { name: 'Recevoir le kit' }));
    const done = await screen.findByText(/^C’est envoyé\s!/);
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(fetch.calls('POST', REQUEST).map((request) => request.body)).toEqual([
      { name: 'Léa Petit', email: 'lea@example.org', website: '' },
    ]);
    const again = screen.getByRole('button', { name: 'Demander un autre kit' });
    await waitFor(() => expect(document.activeElement).toBe(again));
  });

  it('checks the fields before sending, and puts the server’s errors on them', async () => {
    let answer: StubHandler = () =>
      apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', { name: 'Nom trop long.', email: 'Adresse invalide.' });
    const fetch = setup((request) => answer(request));
    renderApp('/');
    const form = await kitForm();
    const u = user();
    await u.click(within(form).getByRole('button', { name: 'Recevoir le kit' }));
    expect(await within(form).findAllByText('Ce champ est obligatoire.')).toHaveLength(2);
    expect(fetch.calls('POST', REQUEST)).toEqual([]);
    await u.type(within(form).getByLabelText(/^Votre nom/), 'Léa');
    await u.type(within(form).getByLabelText(/^Votre adresse e-mail/), 'lea@example.org');
    await u.click(within(form).getByRole('button', { name: 'Recevoir le kit' }));
    expect(await within(form).findByText('Nom trop long.')).toBeTruthy();
    expect(within(form).getByText('Adresse invalide.')).toBeTruthy();
    expect(within(form).getByLabelText(/^Votre nom/).getAttribute('aria-invalid')).toBe('true');
    answer = () => apiError(429, 'too_many_requests', 'Trop de demandes.');
    await u.click(within(form).getByRole('button', { name: 'Recevoir le kit' }));
    expect((await screen.findByText('Trop de demandes.')).getAttribute('role')).toBe('alert');
  });
});
