import { useSyncExternalStore } from 'react';

/** Whether `query` matches now (and on every change); `fallback` where `matchMedia` is missing. */
export const useMediaQuery = (query: string, fallback = true): boolean =>
  useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
  );

/** The width from which the areas show their side menu (`area-layout.module.css` uses the same). */
export const WIDE_SCREEN = '(min-width: 48rem)';
