import { vi } from 'vitest';
import { ROLES, API_AREA } from '@/config/roles';
import { setRoleStatus } from '@/lib/persisted-state';
import { policies } from './policies';
import { siteTextHandlers } from './site-pages';

export type StubRequest = { method: string; path: string; url: URL; headers: Headers; body: unknown };
export type StubHandler = (request: StubRequest) => Response | Promise<Response>;

export const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  });

export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  json({ error: { code, message, fields, correlation_id: 'corr-1' } }, { status });

const signedOut = () => apiError(401, 'not_signed_in', 'Non connecté.');

/**
 * Defaults: empty web settings, the server's policies, the site's built-in texts, nobody signed in,
 * no usage counted yet.
 */
const defaults: Record<string, StubHandler> = {
  ...siteTextHandlers,
  'GET /api/public/web-settings': () => json({ web_title: 'Equilibre' }),
  'GET /api/public/policies': () => json(policies),
  'GET /api/client/session': signedOut,
  'GET /api/consultant/session': signedOut,
  'GET /api/admin-panel/session': signedOut,
  'GET /api/admin-panel/usage': () => json({ items: [] }),
};

/**
 * Replaces the global fetch (unit tests only: the backend is not running here)
 * with handlers keyed by "METHOD /path"; records every request.
 */
export const stubFetch = (handlers: Record<string, StubHandler> = {}) => {
  const requests: StubRequest[] = [];
  const all = { ...defaults, ...handlers };
  // A test that answers a role's session stands for a browser that signed in to it once:
  // the app only asks for sessions it remembers (lib/auth.ts `knownSession`).
  for (const role of ROLES) {
    if (`GET /api/${API_AREA[role]}/session` in handlers) setRoleStatus(role, true);
  }
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: StubRequest = {
      method,
      path: url.pathname,
      url,
      headers: new Headers(init.headers),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    requests.push(request);
    const handler = all[`${method} ${url.pathname}`];
    if (!handler) return apiError(404, 'not_found', `No stub for ${method} ${url.pathname}`);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    fetchMock,
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
};
