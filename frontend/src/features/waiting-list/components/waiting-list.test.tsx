import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updatePersistedState } from '@/lib/persisted-state';
import { directoryReferenceHandlers, expertCard, expertPage } from '@/testing/experts';
import { apiError, json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

const JOIN = '/api/public/waiting-list';
const LEAVE = '/api/public/waiting-list/leave';
const user = () => userEvent.setup({ delay: null });
const accepted = () => json({ received: true }, { status: 202 });
const detail = { ...expertCard('e1'), bio: 'Naturopathe.', keywords: [], objectives: [], degrees: [], certificates: [] };
const expertStubs = (join: StubHandler = accepted) => ({
  ...directoryReferenceHandlers,
  'GET /api/public/experts/e1': () => json(detail),
  'GET /api/public/experts/e1/slots': () => json({ timezone: 'Europe/Paris', duration_minutes: 50, slots: [] }),
  'GET /api/public/blog-posts': () => json({ items: [], total: 0, page: 1, page_size: 3 }),
  [`POST ${JOIN}`]: join,
});
/** The form comes when asked for, by the button below the slots (or the directory's results). */
const waitingForm = async () => {
  await user().click(await screen.findByRole('button', { name: 'Être prévenu(e) quand un créneau se libère' }));
  return screen.findByRole('form', { name: 'Liste d’attente' });
};
const field = (form: HTMLElement, label: RegExp) => within(form).getByLabelText<HTMLInputElement>(label);

afterEach(() => {
  vi.useRealTimers();
});

describe('waiting list on an expert’s page', () => {
  it('offers « Prévenez-moi si un créneau se libère » by the slots, from today to a week later in France', async () => {
    // 23:30 in London on 5 March is already 6 March in Paris.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-05T23:30:00Z'));
    stubFetch(expertStubs());
    renderApp('/our-experts/details/e1');
    const form = await waitingForm();
    const heading = screen.getByRole('heading', { level: 2, name: 'Prévenez-moi si un créneau se libère' });
    expect(heading.closest('#slots')).toBeTruthy();
    expect(screen.getByText(/dès qu’un créneau de Dr Inès Roux e1 se libère/)).toBeTruthy();
    // Asked for, the form takes focus on its first field.
    await waitFor(() => expect(document.activeElement).toBe(field(form, /^Votre adresse e-mail/)));
    expect(field(form, /^Du/).value).toBe('2030-03-06');
    expect(field(form, /^Au/).value).toBe('2030-03-13');
    expect(field(form, /^Votre adresse e-mail/).required).toBe(true);
    const honeypot = form.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.closest('[aria-hidden="true"]')).toBeTruthy();
  });

  it('sends the address, the expert and the days, then confirms', async () => {
    const fetch = stubFetch(expertStubs());
    renderApp('/our-experts/details/e1');
    const form = await waitingForm();
    const u = user();
    await u.type(field(form, /^Votre adresse e-mail/), ' lea@example.org ');
    await u.clear(field(form, /^Au/));
    await u.type(field(form, /^Au/), '2099-01-02');
    await u.clear(field(form, /^Du/));
    await u.type(field(form, /^Du/), '2099-01-01');
    await u.click(within(form).getByRole('button', { name: 'Me prévenir' }));
    const done = await screen.findByText(/^C’est noté\s: vous recevrez un e-mail/);
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(fetch.calls('POST', JOIN).map((request) => request.body)).toEqual([
      { email: 'lea@example.org', consultant_id: 'e1', specialization_id: null, from: '2099-01-01', to: '2099-01-02', website: '' },
    ]);
  });

  it('refuses a last day before the first without a request, and puts the server’s errors on the fields', async () => {
    const fetch = stubFetch(
      expertStubs(() =>
        apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', {
          from: 'Choisissez un jour dans les 90 prochains jours.',
          email: 'Adresse invalide.',
        }),
      ),
    );
    renderApp('/our-experts/details/e1');
    const form = await waitingForm();
    const u = user();
    await u.type(field(form, /^Votre adresse e-mail/), 'lea@example.org');
    await u.clear(field(form, /^Du/));
    await u.type(field(form, /^Du/), '2099-02-01');
    await u.clear(field(form, /^Au/));
    await u.type(field(form, /^Au/), '2099-01-01');
    await u.click(within(form).getByRole('button', { name: 'Me prévenir' }));
    expect(await within(form).findByText('Le dernier jour doit suivre le premier.')).toBeTruthy();
    expect(fetch.calls('POST', JOIN)).toEqual([]);
    await u.clear(field(form, /^Au/));
    await u.type(field(form, /^Au/), '2099-02-03');
    await u.click(within(form).getByRole('button', { name: 'Me prévenir' }));
    expect(await within(form).findByText('Choisissez un jour dans les 90 prochains jours.')).toBeTruthy();
    expect(within(form).getByText('Adresse invalide.')).toBeTruthy();
    expect(field(form, /^Du/).getAttribute('aria-invalid')).toBe('true');
  });

  it('says the server’s reason when the expert cannot be waited for (no field of its own)', async () => {
    stubFetch(
      expertStubs(() =>
        apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', { consultant_id: 'Cet expert n’est plus listé.' }),
      ),
    );
    renderApp('/our-experts/details/e1');
    const form = await waitingForm();
    const u = user();
    await u.type(field(form, /^Votre adresse e-mail/), 'lea@example.org');
    await u.click(within(form).getByRole('button', { name: 'Me prévenir' }));
    expect((await screen.findByText('Cet expert n’est plus listé.')).getAttribute('role')).toBe('alert');
  });
});

describe('waiting list in the directory', () => {
  it('appears for one chosen speciality (and not for none or two), sending its id', async () => {
    updatePersistedState((s) => ({ ...s, filters: { ...s.filters, specialization: ['s2'] } }));
    const fetch = stubFetch({
      ...directoryReferenceHandlers,
      'GET /api/public/experts': () => expertPage([expertCard('e1')]),
      [`POST ${JOIN}`]: accepted,
    });
    renderApp('/our-experts');
    const form = await waitingForm();
    expect(screen.getByText(/dès qu’un créneau en Hypnose se libère/)).toBeTruthy();
    const u = user();
    await u.type(field(form, /^Votre adresse e-mail/), 'lea@example.org');
    await u.click(within(form).getByRole('button', { name: 'Me prévenir' }));
    await screen.findByText(/^C’est noté/);
    expect(fetch.calls('POST', JOIN)[0].body).toMatchObject({ consultant_id: null, specialization_id: 's2' });

    await u.click(screen.getByText(/^Spécialités/, { selector: 'summary' }));
    await u.click(await screen.findByRole('checkbox', { name: 'Naturopathie' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Prévenez-moi si un créneau se libère' })).toBeNull());
  });
});

describe('leaving the waiting list (/waiting-list/leave/:entryId/:token)', () => {
  it('leaves only when asked, then says so', async () => {
    const fetch = stubFetch({ [`POST ${LEAVE}`]: () => new Response(null, { status: 204 }) });
    renderApp('/waiting-list/leave/w1/tok');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quitter la liste d’attente' })).toBeTruthy();
    expect(fetch.calls('POST', LEAVE)).toEqual([]);
    await user().click(screen.getByRole('button', { name: 'Quitter la liste d’attente' }));
    expect((await screen.findByText(/^C’est fait\s: vous avez quitté la liste d’attente/)).closest('[role="status"]')).toBeTruthy();
    expect(fetch.calls('POST', LEAVE).map((request) => request.body)).toEqual([{ entry_id: 'w1', token: 'tok' }]);
  });

  it('says why the link does not work', async () => {
    stubFetch({ [`POST ${LEAVE}`]: () => apiError(400, 'waiting_list_link_invalid', 'Ce lien n’est pas valable.') });
    renderApp('/waiting-list/leave/w1/forged');
    await user().click(await screen.findByRole('button', { name: 'Quitter la liste d’attente' }));
    expect((await screen.findByText('Ce lien n’est pas valable.')).closest('[role="alert"]')).toBeTruthy();
  });
});
