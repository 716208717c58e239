import { useEffect } from 'react';
import { setSiteTitle } from '@/lib/document-title';
import { useWebSettings } from '@/lib/web-settings';

const setFavicon = (href: string) => {
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.removeAttribute('type');
  link.href = href;
};

/**
 * Start-up call (spec §7): `GET /api/public/web-settings` gives the title and
 * favicon; the logo components read the same query. Failures toast (query cache).
 */
export function StartUp() {
  const { data } = useWebSettings();
  useEffect(() => {
    if (!data) return;
    if (data.web_title) setSiteTitle(data.web_title);
    if (data.fab_icon) setFavicon(data.fab_icon);
  }, [data]);
  return null;
}
