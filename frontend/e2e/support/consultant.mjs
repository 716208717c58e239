// Consultant fixtures through the HTTP API, as the SPA drives it: a signed-in
// session (cookie + CSRF headers + read-your-writes position), the reference
// items a profile points at, a complete profile, and an approved expert.
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { createAccount } from './accounts.mjs';
import { waitForPath } from './browser.mjs';
import { admin, baseUrl, unique } from './env.mjs';
import { pdf, png } from './files.mjs';
import { submitSignIn } from './forms.mjs';

const AREA = { client: 'client', consultant: 'consultant', admin: 'admin-panel' };

/**
 * A signed-in API session of `role`: keeps the session cookie and the latest
 * `X-Event-Position` answered (sent back as `X-Min-Position`, so its reads see its writes).
 * A client or consultant also accepts the terms and privacy versions in force, as the app asks
 * after a publication (legal.test.mjs publishes one): a fixture never depends on which file ran
 * first. `acceptLegal: false` leaves the person's standing as it is.
 */
export const signIn = async (role, { email, password }, { acceptLegal = true } = {}) => {
  let cookie = '';
  let position = null;
  const request = async (method, path, { json, form, language = 'fr' } = {}) => {
    const headers = { Accept: 'application/json', 'Accept-Language': language };
    if (cookie) headers.Cookie = cookie;
    if (method === 'GET') {
      if (position) headers['X-Min-Position'] = position;
    } else {
      headers['X-Requested-With'] = 'equilibre';
      headers.Origin = baseUrl;
    }
    if (json !== undefined) headers['Content-Type'] = 'application/json';
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: json !== undefined ? JSON.stringify(json) : form,
      });
      const setCookie = response.headers.getSetCookie().find((value) => value.startsWith('eq_'));
      if (setCookie) cookie = setCookie.split(';')[0];
      const seen = response.headers.get('x-event-position');
      if (seen) position = seen;
      const text = await response.text();
      const body = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
      // The read side had not caught up within its wait: the SPA retries too.
      if (response.status === 503 && body?.error?.code === 'read_model_behind' && attempt < 5) continue;
      return { status: response.status, body };
    }
  };
  const expect = async (status, method, path, options) => {
    const answer = await request(method, path, options);
    assert.equal(answer.status, status, `${method} ${path}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const area = AREA[role];
  const session = await expect(200, 'POST', `/api/${area}/sign-in`, { json: { email, password } });
  if (acceptLegal && role !== 'admin') {
    const standing = await expect(200, 'GET', `/api/${area}/legal-acceptance`);
    if (!standing.up_to_date) {
      await expect(204, 'POST', `/api/${area}/legal-acceptance`, {
        json: { terms_version: standing.terms_in_force, privacy_version: standing.privacy_in_force },
      });
    }
  }
  return {
    accountId: session.account_id,
    request,
    expect,
    get: (path, options) => expect(200, 'GET', path, options),
    /** Uploads `file` (a files.mjs payload) as `kind`; returns the stored key. */
    upload: async (kind, file) => {
      const form = new FormData();
      form.append('file', new Blob([file.buffer], { type: file.mimeType }), file.name);
      return (await expect(201, 'POST', `/api/${area}/files?kind=${kind}`, { form })).key;
    },
  };
};

export const signInAdmin = () => signIn('admin', admin);

/** The id of the reference item named `name_fr` in `kind`, created when missing (restored when trashed). */
export const ensureReference = async (adminSession, kind, item) => {
  const find = async (trashed) => {
    const search = encodeURIComponent(item.name_fr);
    const list = await adminSession.get(`/api/admin-panel/reference/${kind}?trashed=${trashed}&search=${search}&page_size=100`);
    return list.items.find((found) => found.name_fr === item.name_fr && (!item.parent_id || found.parent_id === item.parent_id));
  };
  const active = await find(false);
  if (active) return active.id;
  const trashed = await find(true);
  if (trashed) {
    await adminSession.expect(204, 'POST', `/api/admin-panel/reference/${kind}/${trashed.id}/restore`);
    return trashed.id;
  }
  const created = await adminSession.request('POST', `/api/admin-panel/reference/${kind}`, { json: item });
  if (created.status === 201) return created.body.id;
  // Test files run side by side: another one may have created it a moment ago.
  const raced = created.status === 400 && (await find(false));
  assert.ok(raced, `POST /api/admin-panel/reference/${kind}: ${JSON.stringify(created.body)}`);
  return raced.id;
};

/** A unique lower-case word (letters only), to tag the names of one test's items. */
export const wordToken = () => unique().replace(/\d/g, (digit) => 'qwxyzjkvbh'[digit]);

/**
 * The reference items a test profile uses: France and Lyon (shared by every
 * test), and one specialisation, disorder, keyword and objective whose names
 * carry `token`, so a search or a filter on them finds this test's expert only.
 */
export const createTopics = async (adminSession, token = wordToken()) => {
  const country = await ensureReference(adminSession, 'countries', { name_fr: 'France', name_en: 'France', code: 'FR' });
  const city = await ensureReference(adminSession, 'cities', { name_fr: 'Lyon', name_en: 'Lyons', parent_id: country });
  const topic = (kind, name_fr, name_en) => ({ kind, name_fr: `${name_fr} ${token}`, name_en: `${name_en} ${token}` });
  const topics = {
    specialisation: topic('specializations', 'Naturopathie', 'Naturopathy'),
    disorder: topic('disorders', 'Acouphènes', 'Tinnitus'),
    keyword: topic('keywords', 'Respiration', 'Breathing'),
    objective: topic('objectives', 'Mieux dormir', 'Better sleep'),
  };
  for (const value of Object.values(topics)) {
    value.id = await ensureReference(adminSession, value.kind, { name_fr: value.name_fr, name_en: value.name_en });
  }
  return { token, country: { id: country, name: 'France' }, city: { id: city, name: 'Lyon' }, ...topics };
};

/** Fills every section of the signed-in consultant's profile through the API. */
export const fillProfile = async (consultant, topics, { givenName = 'Inès', familyName = 'Durand' } = {}) => {
  const put = (section, json) => consultant.expect(204, 'PUT', `/api/consultant/profile/${section}`, { json });
  await put('basic-profile', {
    title: 'dr',
    gender: 'female',
    given_name: givenName,
    family_name: familyName,
    isd_code: '+33',
    contact_number: '612345678',
    spoken_languages: ['fr', 'en'],
    timezone: 'Europe/Paris',
  });
  await put('address', {
    country_id: topics.country.id,
    city_id: topics.city.id,
    house_number: '12',
    street_name: 'rue de la République',
    street_name_2: '',
    postal_code: '69002',
  });
  await consultant.expect(201, 'POST', '/api/consultant/profile/degrees', {
    json: {
      name: 'Diplôme de naturopathie',
      school: 'Institut Euronature',
      year: 2015,
      attachment_key: await consultant.upload('degree', png('diplome.png')),
    },
  });
  await consultant.expect(201, 'POST', '/api/consultant/profile/certificates', {
    json: {
      name: 'Réflexologie plantaire',
      school: 'École de Lyon',
      year: 2019,
      number: 'RF-2019-42',
      attachment_key: await consultant.upload('certificate', pdf('certificat.pdf')),
    },
  });
  await put('bank', {
    payment_currency: 'EUR',
    tax_number: '0',
    bank_name: 'BNP Paribas',
    agency_name: 'Lyon République',
    agency_address: '1 rue de la République, Lyon',
    swift_bic: 'BNPAFRPPXXX',
    account_number: '',
    branch_code: '',
    iban: 'FR7630006000011234567890189',
    control_key: '',
    account_holder: `${givenName} ${familyName}`,
    account_currency: 'EUR',
    attachment_key: await consultant.upload('bank_attachment', pdf('rib.pdf')),
  });
  await put('details', {
    bio: `Naturopathe à Lyon depuis dix ans, j’accompagne le sommeil et le stress.`,
    background: 'Publications sur la respiration.',
    expertise: 'Sommeil, respiration',
    video_url: 'https://video.example.org/presentation',
    keyword_ids: [topics.keyword.id],
    objective_ids: [topics.objective.id],
    disorder_ids: [topics.disorder.id],
    specialisation_ids: [topics.specialisation.id],
    photo_key: await consultant.upload('profile_photo', png('photo.png')),
    resume_key: await consultant.upload('resume', pdf('cv.pdf')),
    price_minor: 6000,
    currency: 'EUR',
    session_minutes: 60,
    languages: ['fr', 'en'],
    first_consultation_free: true,
  });
  await put('documents', {
    contract_key: await consultant.upload('contract', pdf('contrat.pdf')),
    id_number: 'X4RTBPFW4',
    id_attachment_key: await consultant.upload('id_document', png('cni.png')),
    criminal_record_key: await consultant.upload('criminal_record', pdf('casier.pdf')),
  });
};

/** Polls `check` (an async predicate) until it holds, for at most `timeoutMs`. */
export const eventually = async (check, what, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not true within ${timeoutMs} ms`);
    await delay(100);
  }
};

/** Whether the public directory answers the expert's page (approved and listed). */
const listed = async (id) => (await fetch(`${baseUrl}/api/public/experts/${id}`)).status === 200;

/**
 * A consultant registered, with a complete profile submitted and approved by
 * the administrator, listed in the directory. Returns the person, the account
 * id, the topics of its profile and its displayed names.
 */
export const createApprovedExpert = async ({ adminSession, topics, familyName } = {}) => {
  const adminApi = adminSession ?? (await signInAdmin());
  const profileTopics = topics ?? (await createTopics(adminApi));
  const family = familyName ?? `Durand ${wordToken()}`;
  const person = await createAccount('consultant', { family_name: family });
  const consultant = await signIn('consultant', person);
  await fillProfile(consultant, profileTopics, { familyName: family });
  await consultant.expect(204, 'POST', '/api/consultant/profile/submit');
  await adminApi.expect(204, 'POST', `/api/admin-panel/consultants/${consultant.accountId}/approve`);
  await eventually(() => listed(consultant.accountId), `expert ${consultant.accountId} listed`);
  return { person, id: consultant.accountId, topics: profileTopics, givenName: 'Inès', familyName: family };
};

/** Signs `person` in through the sign-in page of `role`'s area and waits for its dashboard. */
export const signInThroughPage = async (page, role, person) => {
  const area = role === 'admin' ? 'admin' : role;
  await page.goto(role === 'admin' ? '/admin/sign-in' : `/public/${area}/sign-in`);
  await submitSignIn(page, person);
  await waitForPath(page, `/${area}/dashboard`);
};

/** The text of what describes a field to assistive technology (its `aria-describedby` elements). */
export const descriptionOf = (field) =>
  field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' '),
  );
