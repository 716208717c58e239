import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setRoleStatus } from '@/lib/persisted-state';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { policies } from '@/testing/policies';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import type { Room } from '../api/get-room';

const room = (overrides: Partial<Room> = {}): Room => ({
  room_id: 'r1',
  opens_at: '2030-01-15T08:50:00Z',
  closes_at: '2030-01-15T10:30:00Z',
  open: false,
  state: 'not_open',
  peer_name: 'Inès',
  party: 'client',
  ice_servers: [],
  ...overrides,
});

describe('video room', () => {
  it('tells a client who is not a party of the booking that the room is not theirs', async () => {
    setRoleStatus('client', true);
    stubFetch({
      'GET /api/client/session': () => json(sessionFor('client')),
      'GET /api/client/rooms/r1': () => apiError(403, 'room_forbidden', 'Refusé.'),
    });
    renderApp('/client/room/r1');
    expect((await screen.findByRole('alert')).textContent).toContain('Vous n’avez pas accès à cette salle.');
  });

  it('shows when a room that is not open yet opens, in the user’s zone', async () => {
    setRoleStatus('client', true);
    stubFetch({
      'GET /api/client/session': () => json(sessionFor('client')),
      'GET /api/client/rooms/r1': () => json(room()),
      'GET /api/public/policies': () => json({ ...policies, room: { opens_minutes_before: 15, closes_minutes_after: 30 } }),
    });
    renderApp('/client/room/r1');
    const expected = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2030-01-15T08:50:00Z'),
    );
    const status = await screen.findByText(/La salle n’est pas encore ouverte/);
    expect(status.textContent).toContain(expected);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Consultation vidéo avec Inès');
    // How long before the start: the server's policy, not a copy.
    await waitFor(() => expect(status.textContent).toContain('(15 minutes avant le rendez-vous)'));
  });

  it('opens /chat-room as the consultant when only the consultant is signed in', async () => {
    const fetch = stubFetch({
      'GET /api/consultant/session': () => json(sessionFor('consultant')),
      'GET /api/consultant/rooms/r1': () => json(room({ state: 'closed', party: 'consultant' })),
    });
    renderApp('/chat-room/r1');
    expect(await screen.findByText('Cette salle est fermée : le rendez-vous est terminé.')).toBeTruthy();
    expect(fetch.calls('GET', '/api/client/rooms/r1')).toHaveLength(0);
  });

  it('sends a visitor signed in nowhere to the client sign-in', async () => {
    stubFetch();
    const { router } = renderApp('/chat-room/r1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/client/sign-in'));
  });
});
