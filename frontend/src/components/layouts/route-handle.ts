import { useMatches } from 'react-router';

/** What a route declares about itself in its `handle` (i18n keys). */
export type RouteHandle = {
  titleKey?: string;
  subtitleKey?: string;
  /** Admin reference-list screens: which list, which screen. */
  reference?: { set: string; screen: 'add' | 'edit' | 'view' | 'trash' };
};

const isHandle = (value: unknown): value is RouteHandle => typeof value === 'object' && value !== null;

/** The deepest matched route's handle. */
export const useRouteHandle = (): RouteHandle => {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle;
    if (isHandle(handle) && handle.titleKey) return handle;
  }
  return {};
};
