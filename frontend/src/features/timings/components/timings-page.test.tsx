import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setRoleStatus } from '@/lib/persisted-state';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';

const session = sessionFor('consultant');

describe('consultant add-timing', () => {
  it('edits shifts, ranges and days off in the named zone, checks ranges, saves the whole schedule and previews slots', async () => {
    setRoleStatus('consultant', true);
    const fetch = stubFetch({
      'GET /api/consultant/session': () => json(session),
      'GET /api/consultant/timings': () =>
        json({
          timezone: 'America/Montreal',
          duration_minutes: 50,
          rules: [{ weekday: 'monday', shift: 'morning' }, { weekday: 'friday', start: '13:00', end: '15:30' }],
          days_off: ['2030-12-25'],
        }),
      'PUT /api/consultant/timings': () => new Response(null, { status: 204 }),
      'GET /api/consultant/profile': () => json({ status: 'approved' }),
      [`GET /api/public/experts/${session.account_id}/slots`]: () =>
        json({
          timezone: 'America/Montreal',
          slots: [{ start: '2030-03-04T11:00:00Z', end: '2030-03-04T11:50:00Z', local_start: '2030-03-04T06:00:00-05:00' }],
        }),
    });
    renderApp('/consultant/add-timing');
    expect(await screen.findByText(/Heures dans votre fuseau horaire : America\/Montreal/)).toBeTruthy();
    const monday = screen.getByRole('group', { name: 'Lundi' });
    // The French week starts on Monday.
    const days = within(screen.getByRole('form', { name: 'Horaires de la semaine' })).getAllByRole('group');
    expect(days.map((day) => day.querySelector('legend')?.textContent).filter(Boolean)).toEqual([
      'Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche',
    ]);
    expect((await within(monday).findByRole<HTMLInputElement>('checkbox', { name: 'Matin (06:00–12:00)' })).checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Vendredi, plage 1 : début').value).toBe('13:00');
    expect(screen.getByText('mercredi 25 décembre 2030')).toBeTruthy();
    // The preview, in the consultant's zone.
    expect(await screen.findByText(/lun\. 4 mars · 06:00/)).toBeTruthy();
    expect(fetch.calls('GET', `/api/public/experts/${session.account_id}/slots`)[0].url.searchParams.get('tz')).toBe(
      'America/Montreal',
    );

    const u = userEvent.setup({ delay: null });
    await u.click(within(screen.getByRole('group', { name: 'Mercredi' })).getByRole('checkbox', { name: 'Nuit (22:00–06:00)' }));
    const tuesday = screen.getByRole('group', { name: 'Mardi' });
    await u.click(within(tuesday).getByRole('button', { name: /Ajouter une plage horaire/ }));
    const start = screen.getByLabelText('Mardi, plage 1 : début');
    const end = screen.getByLabelText('Mardi, plage 1 : fin');
    await u.clear(start);
    await u.type(start, '15:00');
    await u.clear(end);
    await u.type(end, '14:00');
    await u.click(screen.getByRole('button', { name: 'Enregistrer mes disponibilités' }));
    expect(screen.getByText('La fin doit être après le début (pour passer minuit, cochez « Nuit »).')).toBeTruthy();
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(fetch.calls('PUT', '/api/consultant/timings')).toEqual([]);

    await u.clear(end);
    await u.type(end, '17:30');
    await u.click(screen.getByRole('button', { name: 'Retirer le jour de congé du mercredi 25 décembre 2030' }));
    await u.type(screen.getByLabelText('Date'), '2030-01-01');
    await u.click(screen.getByRole('button', { name: 'Ajouter le jour de congé' }));
    await u.click(screen.getByRole('button', { name: 'Enregistrer mes disponibilités' }));
    expect(await screen.findByText('Disponibilités enregistrées.')).toBeTruthy();
    expect(fetch.calls('PUT', '/api/consultant/timings')[0].body).toEqual({
      rules: [
        { weekday: 'monday', shift: 'morning' },
        { weekday: 'tuesday', start: '15:00', end: '17:30' },
        { weekday: 'wednesday', shift: 'night' },
        { weekday: 'friday', start: '13:00', end: '15:30' },
      ],
      days_off: ['2030-01-01'],
    });
    await waitFor(() => expect(fetch.calls('GET', '/api/consultant/timings').length).toBeGreaterThan(1));
  });

  it('asks no slot preview before the profile is approved (the public list answers 404) and says why', async () => {
    const fetch = stubFetch({
      'GET /api/consultant/session': () => json(session),
      'GET /api/consultant/timings': () =>
        json({ timezone: 'Europe/Paris', duration_minutes: 50, rules: [{ weekday: 'monday', shift: 'morning' }], days_off: [] }),
      'GET /api/consultant/profile': () => json({ status: 'submitted' }),
    });
    renderApp('/consultant/add-timing');
    expect(await screen.findByText('L’aperçu sera disponible quand votre profil sera approuvé.')).toBeTruthy();
    expect(fetch.requests.filter((r) => r.path.includes('/slots'))).toEqual([]);
  });

  it('confirms a save although the form remounts with the saved schedule, shows progress meanwhile, and announces a refusal', async () => {
    setRoleStatus('consultant', true);
    let saved: unknown[] = [{ weekday: 'monday', shift: 'morning' }];
    let answer: (response: Response) => void = () => undefined;
    stubFetch({
      'GET /api/consultant/session': () => json(session),
      'GET /api/consultant/timings': () => json({ timezone: 'Europe/Paris', duration_minutes: 50, rules: saved, days_off: [] }),
      'PUT /api/consultant/timings': (request) =>
        new Promise<Response>((resolve) => {
          answer = (response) => {
            if (response.status === 204) saved = (request.body as { rules: unknown[] }).rules;
            resolve(response);
          };
        }),
      'GET /api/consultant/profile': () => json({ status: 'submitted' }),
    });
    renderApp('/consultant/add-timing');
    const u = userEvent.setup({ delay: null });
    const wednesday = await screen.findByRole('group', { name: 'Mercredi' });
    await u.click(await within(wednesday).findByRole('checkbox', { name: 'Nuit (22:00–06:00)' }));
    await u.click(screen.getByRole('button', { name: 'Enregistrer mes disponibilités' }));
    const busy = await screen.findByRole('button', { name: 'Enregistrement…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    answer(new Response(null, { status: 204 }));
    // The page reads the new schedule, the form remounts (its key changes): the confirmation still shows.
    const status = await screen.findByText('Disponibilités enregistrées.');
    expect(status.closest('[role="status"]')).toBeTruthy();
    expect(saved).toHaveLength(2);

    await u.click(within(await screen.findByRole('group', { name: 'Mardi' })).getByRole('checkbox', { name: 'Nuit (22:00–06:00)' }));
    await u.click(screen.getByRole('button', { name: 'Enregistrer mes disponibilités' }));
    await screen.findByRole('button', { name: 'Enregistrement…' });
    answer(apiError(409, 'profile_under_review', 'Profil en cours de vérification.'));
    const alert = await screen.findByText('Profil en cours de vérification.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
  });
});
