import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * Clicks on the server's HTML's links to the site's own pages (`/our-experts`, `/terms-conditions`)
 * stay in the app (no reload); other links, new tabs and downloads go as the browser sends them.
 */
export const useInternalLinks = () => {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return;
    event.preventDefault();
    void navigate(`${url.pathname}${url.search}${url.hash}`);
  };
};
