import { describe, expect, it, vi } from 'vitest';
import { apiError, json } from '@/testing/fetch-stub';
import { createApiClient, type ApiClientOptions } from './api-client';
import { ApiError } from './api-error';
import { reauthenticate, registerSecondFactorPrompt } from './second-factor-prompt';

type Call = { url: string; init: RequestInit };

/** A fetch stub answering the given responses in order and recording the calls. */
const client = (...responses: Response[]) => clientWith({}, ...responses);

const clientWith = (options: Partial<ApiClientOptions>, ...responses: Response[]) => {
  const calls: Call[] = [];
  const fetch = vi.fn((url: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: url instanceof Request ? url.url : url.toString(), init });
    const next = responses.shift();
    return next ? Promise.resolve(next) : Promise.reject(new TypeError('Failed to fetch'));
  });
  const api = createApiClient({ fetch, getLanguage: () => 'en', ...options });
  const header = (i: number, name: string) => new Headers(calls[i].init.headers).get(name);
  return { api, calls, header, fetch };
};

const withPosition = (position: string, body: unknown = {}) =>
  json(body, { headers: { 'X-Event-Position': position } });

describe('api client', () => {
  it('sends same-origin credentials, Accept-Language and no CSRF header on GET', async () => {
    const { api, calls, header } = client(json({ ok: true }));
    await expect(api.get('/api/public/web-settings')).resolves.toEqual({ ok: true });
    expect(calls[0].init.credentials).toBe('same-origin');
    expect(calls[0].init.method).toBe('GET');
    expect(header(0, 'Accept-Language')).toBe('en');
    expect(header(0, 'X-Requested-With')).toBeNull();
  });

  it('sends X-Requested-With and a JSON body on non-GET requests', async () => {
    const { api, calls, header } = client(new Response(null, { status: 204 }));
    await expect(api.post('/api/client/sign-out', { a: 1 })).resolves.toBeUndefined();
    expect(header(0, 'X-Requested-With')).toBe('equilibre');
    expect(header(0, 'Content-Type')).toBe('application/json');
    expect(calls[0].init.body).toBe('{"a":1}');
  });

  it('builds query strings, skipping empty values and repeating arrays', async () => {
    const { api, calls } = client(json([]));
    await api.get('/api/x', { query: { page: 2, q: '', tags: ['a', 'b'], none: undefined } });
    expect(calls[0].url).toBe('/api/x?page=2&tags=a&tags=b');
  });

  it('keeps the highest X-Event-Position (tx first, then pos, numerically) and sends it on GETs', async () => {
    const { api, header } = client(
      withPosition('9.100'),
      withPosition('10.2'),
      withPosition('10.10'),
      withPosition('10.9'),
      withPosition('9.999'),
      json({}),
    );
    await api.post('/api/a');
    expect(api.minPosition()).toBe('9.100');
    await api.post('/api/a');
    expect(api.minPosition()).toBe('10.2');
    await api.post('/api/a');
    await api.post('/api/a');
    await api.get('/api/b');
    expect(api.minPosition()).toBe('10.10');
    await api.get('/api/c');
    expect(header(4, 'X-Min-Position')).toBe('10.10');
    expect(header(5, 'X-Min-Position')).toBe('10.10');
    // Non-GET requests do not carry it.
    expect(header(0, 'X-Min-Position')).toBeNull();
  });

  it('compares positions beyond 2^53 exactly and ignores malformed ones', async () => {
    const { api } = client(
      withPosition('9007199254740993.1'),
      withPosition('9007199254740992.5'),
      withPosition('garbage'),
    );
    await api.post('/api/a');
    await api.post('/api/a');
    await api.post('/api/a');
    expect(api.minPosition()).toBe('9007199254740993.1');
  });

  it('retries a GET once when the read model is behind', async () => {
    const { api, fetch } = client(
      apiError(503, 'read_model_behind', 'Patientez.'),
      json({ items: [] }),
    );
    await expect(api.get('/api/client/bookings')).resolves.toEqual({ items: [] });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('retries only once, then throws the second answer', async () => {
    const { api, fetch } = client(
      apiError(503, 'read_model_behind', 'Patientez.'),
      apiError(503, 'read_model_behind', 'Toujours en retard.'),
      json({}),
    );
    await expect(api.get('/api/client/bookings')).rejects.toMatchObject({
      status: 503,
      code: 'read_model_behind',
      message: 'Toujours en retard.',
    });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not retry other 503s nor non-GET requests', async () => {
    const other = client(apiError(503, 'unavailable', 'Indisponible.'), json({}));
    await expect(other.api.get('/api/x')).rejects.toMatchObject({ code: 'unavailable' });
    expect(other.fetch).toHaveBeenCalledTimes(1);
    const post = client(apiError(503, 'read_model_behind', 'Patientez.'), json({}));
    await expect(post.api.post('/api/x')).rejects.toMatchObject({ code: 'read_model_behind' });
    expect(post.fetch).toHaveBeenCalledTimes(1);
  });

  it('throws an ApiError carrying the code, the server message and field errors', async () => {
    const { api } = client(
      apiError(400, 'validation_failed', 'Le formulaire contient des erreurs.', {
        email: 'Adresse e-mail invalide.',
      }),
    );
    const error = await api.post('/api/client/sign-up', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Le formulaire contient des erreurs.',
      fields: { email: 'Adresse e-mail invalide.' },
      correlationId: 'corr-1',
      fromServer: true,
    });
  });

  it('treats any 2xx as success and anything else as an error, even without a JSON body', async () => {
    const { api } = client(
      json({ proof: 'p' }, { status: 201 }),
      new Response(null, { status: 202 }),
      new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'Content-Type': 'text/html' } }),
      new Response(null, { status: 304 }),
    );
    await expect(api.post('/api/a')).resolves.toEqual({ proof: 'p' });
    await expect(api.post('/api/a')).resolves.toBeUndefined();
    await expect(api.get('/api/b')).rejects.toMatchObject({ status: 502, code: 'http_502', message: 'Bad Gateway', fromServer: false });
    await expect(api.get('/api/c')).rejects.toMatchObject({ status: 304 });
  });

  it('turns a network failure into an ApiError with the error’s own message', async () => {
    const { api } = client();
    await expect(api.get('/api/x')).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: 'Failed to fetch',
      fromServer: false,
    });
  });

  describe('re-authentication (403 reauthentication_required)', () => {
    const refusal = () => apiError(403, 'reauthentication_required', 'Confirmez avec un code.');

    it('asks for a code, then sends the same request again with X-Second-Factor and answers its result', async () => {
      const asked: ApiError[] = [];
      const { api, calls, header } = clientWith(
        {
          reauthenticate: async (error, retry) => {
            asked.push(error);
            return retry('123456');
          },
        },
        refusal(),
        json({ recovery_codes: ['a'] }),
      );
      await expect(
        api.post('/api/client/second-factor/recovery-codes', { x: 1 }, { headers: { 'X-Custom': 'kept' } }),
      ).resolves.toEqual({ recovery_codes: ['a'] });
      expect(asked.map((e) => e.code)).toEqual(['reauthentication_required']);
      expect(calls.map((c) => [c.url, c.init.method, c.init.body])).toEqual([
        ['/api/client/second-factor/recovery-codes', 'POST', '{"x":1}'],
        ['/api/client/second-factor/recovery-codes', 'POST', '{"x":1}'],
      ]);
      expect(header(0, 'X-Second-Factor')).toBeNull();
      expect(header(1, 'X-Second-Factor')).toBe('123456');
      expect(header(1, 'X-Custom')).toBe('kept');
      expect(header(1, 'X-Requested-With')).toBe('equilibre');
    });

    it('lets the prompt see a wrong code (400 second_factor_invalid) and try again', async () => {
      const seen: string[] = [];
      const { api, header } = clientWith(
        {
          reauthenticate: async (_error, retry) => {
            try {
              return await retry('000000');
            } catch (error) {
              seen.push((error as ApiError).code);
              return retry('111111');
            }
          },
        },
        refusal(),
        apiError(400, 'second_factor_invalid', 'Code invalide.'),
        new Response(null, { status: 204 }),
      );
      await expect(api.delete('/api/client/second-factor')).resolves.toBeUndefined();
      expect(seen).toEqual(['second_factor_invalid']);
      expect(header(2, 'X-Second-Factor')).toBe('111111');
    });

    it('does not ask when the request already carried a code, nor for other 403s', async () => {
      let asked = 0;
      const reauth = { reauthenticate: () => Promise.reject(new Error(`asked ${++asked}`)) };
      const withHeader = clientWith(reauth, refusal());
      await expect(
        withHeader.api.delete('/api/client/second-factor', { headers: { 'x-second-factor': '123456' } }),
      ).rejects.toMatchObject({ code: 'reauthentication_required' });
      const forbidden = clientWith(reauth, apiError(403, 'forbidden', 'Interdit.'));
      await expect(forbidden.api.post('/api/x')).rejects.toMatchObject({ code: 'forbidden' });
      expect(asked).toBe(0);
    });

    it('rejects with the original refusal when cancelled or when no dialog is mounted', async () => {
      const noDialog = clientWith({ reauthenticate }, refusal());
      await expect(noDialog.api.delete('/api/client/second-factor')).rejects.toMatchObject({
        status: 403,
        code: 'reauthentication_required',
      });

      const unregister = registerSecondFactorPrompt(() => Promise.resolve({ status: 'cancelled' }));
      try {
        const cancelled = clientWith({ reauthenticate }, refusal());
        await expect(cancelled.api.delete('/api/client/second-factor')).rejects.toMatchObject({
          code: 'reauthentication_required',
          message: 'Confirmez avec un code.',
        });
        expect(cancelled.fetch).toHaveBeenCalledTimes(1);
      } finally {
        unregister();
      }
    });

    it('answers the registered prompt’s retry, and rejects with a failure the prompt passes on', async () => {
      const unregister = registerSecondFactorPrompt(async (retry) => {
        try {
          return { status: 'done', value: await retry('123456') };
        } catch (error) {
          return { status: 'failed', error };
        }
      });
      try {
        const ok = clientWith({ reauthenticate }, refusal(), json({ done: true }));
        await expect(ok.api.post('/api/admin-panel/complaints/c1/decide')).resolves.toEqual({ done: true });
        expect(ok.header(1, 'X-Second-Factor')).toBe('123456');
        const failed = clientWith({ reauthenticate }, refusal(), apiError(409, 'conflict', 'Déjà décidée.'));
        await expect(failed.api.post('/api/admin-panel/complaints/c1/decide')).rejects.toMatchObject({
          code: 'conflict',
        });
      } finally {
        unregister();
      }
    });
  });
});
