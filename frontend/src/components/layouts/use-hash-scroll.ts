import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to `#id` after navigation (React Router does not). */
export const useHashScroll = () => {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView?.();
  }, [hash, pathname]);
};
