import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import screensFile from '@/config/screens.json';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { sessionFor } from '@/testing/session';
import { areaChildren } from './area-routes';
import { createRoutes } from './route-table';

/** One screen of the spec's §2 as src/config/screens.json lists it. */
type Screen = {
  area: 'public' | 'client' | 'consultant' | 'admin';
  path: string;
  href: string;
  status: 'built' | 'later';
  later?: string;
  guard?: 'client';
  shows?: 'not-found' | 'server-error';
};
const screens = screensFile.screens as Screen[];
const built = screens.filter((s) => s.status === 'built');
const later = screens.filter((s) => s.status === 'later');

const NOT_FOUND = 'Page introuvable';
const SERVER_ERROR = 'Une erreur est survenue';

/** The leaf route `href` lands on: its pattern ('*' for the not-found routes). */
const leaf = (href: string) => {
  const matches = matchRoutes(createRoutes(new QueryClient(), areaChildren), href) ?? [];
  return matches.at(-1)?.route;
};

describe('the spec’s screens (src/config/screens.json)', () => {
  it('lists every screen once, each with a way to reach it and built or owned by later work', () => {
    expect(new Set(screens.map((s) => s.path)).size).toBe(screens.length);
    expect(screens.length).toBeGreaterThan(100);
    for (const s of screens) {
      expect(s.href.startsWith('/'), s.path).toBe(true);
      expect(s.status === 'built' || Boolean(s.later), s.path).toBe(true);
    }
    // Every area of the spec has built screens.
    expect(new Set(built.map((s) => s.area))).toEqual(new Set(['public', 'client', 'consultant', 'admin']));
  });

  it.each(built.map((s) => [s.href, s] as const))('built: %s resolves to its own route', (href, s) => {
    const route = leaf(href);
    expect(route, href).toBeDefined();
    if (s.shows) return;
    // The index route (home) has no path; every other built screen has its own pattern.
    expect(route?.path ?? '(index)', `${href} lands on the not-found route`).not.toMatch(/^(\*|\/public\/\*)$/);
  });

  it.each(later.map((s) => [s.href, s] as const))(
    'later: %s answers the not-found page until its work builds it (then mark it built)',
    async (href, s) => {
      expect(leaf(href)?.path).toBe('*');
      stubFetch({ [`GET /api/${s.area === 'admin' ? 'admin-panel' : s.area}/session`]: () => json(sessionFor(s.area)) });
      renderApp(href);
      expect((await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).textContent).toBe(NOT_FOUND);
      await waitFor(() => expect(document.title).toBe(`${NOT_FOUND} · Equilibre`));
    },
    15_000,
  );

  // Screens whose path names an entity are checked above (their route) and by their
  // feature's tests (with data); here every other built screen is visited in its area.
  const visitable = built.filter((s) => !s.path.includes('/:') || s.path.endsWith('?'));
  it.each(visitable.map((s) => [s.href, s] as const))(
    'built: %s shows its page, not the not-found or error page',
    async (href, s) => {
      const role = s.guard ?? (s.area === 'public' ? undefined : s.area);
      stubFetch(
        role
          ? { [`GET /api/${role === 'admin' ? 'admin-panel' : role}/session`]: () => json(sessionFor(role)) }
          : {},
      );
      renderApp(href);
      const title = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
      const expected = s.shows === 'not-found' ? NOT_FOUND : s.shows === 'server-error' ? SERVER_ERROR : undefined;
      if (expected) {
        expect(title.textContent).toBe(expected);
      } else {
        expect(title.textContent, href).not.toBe(NOT_FOUND);
        expect(title.textContent, href).not.toBe(SERVER_ERROR);
      }
      // Every page names itself in the tab and the history: "<page> · Equilibre".
      await waitFor(() => expect(document.title, href).toMatch(/^\S.* · Equilibre$/));
    },
    15_000,
  );
});
