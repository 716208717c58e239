// The video room (DESIGN §4): the client and the consultant of one booking,
// each in their own browser with a fake camera and microphone, see each
// other's video and chat; a third client sees the refusal.
//
// A booking is made at least 2 hours ahead, and its room opens 10 minutes
// before the start. The booking is made through the real API on the suite's
// server; then a second server is started over the same data directory
// with its clock run ahead (`EQUILIBRE_CLOCK_OFFSET_SECONDS`, test-only) to
// 5 minutes before the start, and the browsers meet there.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { createAccount } from './support/accounts.mjs';
import { rememberSignIn, useBrowser } from './support/browser.mjs';
import { createApprovedExpert, eventually, signIn } from './support/consultant.mjs';
import { pdf } from './support/files.mjs';
import { stopProcess } from './support/processes.mjs';
import { startShiftedServer } from './support/services.mjs';

const browser = useBrowser({ media: true });
const servers = [];
after(async () => Promise.all(servers.map((server) => stopProcess(server.proc))));

/** A confirmed booking of a new client with a new approved expert, made through the API. */
const bookThroughTheApi = async () => {
  const expert = await createApprovedExpert();
  const consultant = await signIn('consultant', expert.person);
  // Every shift of every day, so a slot is free whatever the hour of the run.
  const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
  const shifts = ['morning', 'noon', 'afternoon', 'evening', 'night'];
  await consultant.expect(204, 'PUT', '/api/consultant/timings', {
    json: { rules: weekdays.flatMap((weekday) => shifts.map((shift) => ({ weekday, shift }))), days_off: [] },
  });
  const person = await createAccount('client');
  const client = await signIn('client', person);
  const key = await client.upload('consent_form', pdf('consentement.pdf'));
  await client.expect(204, 'PUT', '/api/client/consent-form', { json: { file_key: key } });
  const today = new Date().toISOString().slice(0, 10);
  let slots = [];
  await eventually(async () => {
    const answer = await client.get(`/api/public/experts/${expert.id}/slots?from=${today}&days=3`);
    slots = answer.slots;
    return slots.length > 0;
  }, 'a free slot');
  // The first free one (at least 2 hours ahead, by the booking rule); the first consultation is free.
  const slot = slots[0];
  const booked = await client.expect(201, 'POST', '/api/client/bookings', {
    json: { consultant_id: expert.id, start: slot.start, free: true },
  });
  assert.equal(booked.status, 'confirmed');
  return { id: booked.booking_id, start: new Date(slot.start), expert, person };
};

/** A browser context of `role` signed in to `baseURL`, on a phone. */
const openRoom = async (baseURL, role, person, path) => {
  const context = await browser().newContext({
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 375, height: 740 },
  });
  context.setDefaultTimeout(20_000);
  const signedIn = await context.request.post(`/api/${role}/sign-in`, {
    data: { email: person.email, password: person.password },
    headers: { 'X-Requested-With': 'equilibre', Origin: baseURL },
  });
  assert.equal(signedIn.status(), 200, await signedIn.text());
  await rememberSignIn(context, role);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(path);
  return { context, page, errors };
};

/** Frames decoded by the remote video element. */
const remoteFrames = (page) =>
  page.getByTestId('remote-video').evaluate((video) => video.getVideoPlaybackQuality().totalVideoFrames);

test('the client and the consultant of a booking see and hear each other and chat; a third client is refused', async () => {
  const booking = await bookThroughTheApi();
  const offset = Math.floor((booking.start.getTime() - Date.now()) / 1000) - 5 * 60;
  const roomServer = await startShiftedServer(offset, servers);

  const client = await openRoom(roomServer, 'client', booking.person, `/client/room/${booking.id}`);
  const consultant = await openRoom(roomServer, 'consultant', booking.expert.person, `/chat-room/${booking.id}`);
  try {
    // Two browsers encoding and decoding fake video on a 2-core machine
    // beside the rest of the suite: the connection may take a while.
    for (const side of [client, consultant]) {
      await side.page
        .getByText(/^Connecté avec /)
        .waitFor({ timeout: 45_000 })
        .catch(async (error) => {
          // What each side showed, to tell signalling from media when this fails.
          const shown = await Promise.all([client, consultant].map((s) => s.page.locator('main').innerText()));
          throw new Error(`${error.message}\nclient: ${shown[0]}\nconsultant: ${shown[1]}`);
        });
    }
    const deadline = Date.now() + 20_000;
    while ((await remoteFrames(client.page)) === 0 || (await remoteFrames(consultant.page)) === 0) {
      assert.ok(Date.now() < deadline, 'both remote videos decode frames within 20 s');
      await delay(250);
    }

    await client.page.getByLabel('Votre message').fill('Bonjour, je vous entends bien.');
    await client.page.getByRole('button', { name: 'Envoyer' }).click();
    const log = consultant.page.getByRole('log', { name: 'Messages de la conversation' });
    await log.getByText('Bonjour, je vous entends bien.').waitFor();
    assert.match(await log.textContent(), /Bonjour, je vous entends bien\./);

    const strangerPerson = await createAccount('client');
    const stranger = await openRoom(roomServer, 'client', strangerPerson, `/chat-room/${booking.id}`);
    try {
      const refusal = stranger.page.getByRole('alert');
      assert.match(await refusal.textContent(), /Vous n’avez pas accès à cette salle/);
      assert.equal(await stranger.page.getByTestId('remote-video').count(), 0);
    } finally {
      await stranger.context.close();
    }
    assert.deepEqual([...client.errors, ...consultant.errors], [], 'uncaught errors in the pages');
  } finally {
    await client.context.close();
    await consultant.context.close();
  }
});
