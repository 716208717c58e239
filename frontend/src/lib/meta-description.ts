import { useEffect } from 'react';

/**
 * The page's `<meta name="description">` (what search engines show) while the calling component
 * is shown; the site's own description comes back after it.
 */
export const useMetaDescription = (text: string | undefined) => {
  useEffect(() => {
    if (!text) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const before = meta.content;
    meta.content = text;
    return () => {
      if (created) meta.remove();
      else meta.content = before;
    };
  }, [text]);
};
