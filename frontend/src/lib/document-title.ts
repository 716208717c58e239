import { useEffect } from 'react';

/** document.title = "<page> · <site>", the site part from the web_title setting. */
let siteTitle = 'Equilibre';
let pageTitle = '';

const apply = () => {
  document.title = pageTitle ? `${pageTitle} · ${siteTitle}` : siteTitle;
};

export const setSiteTitle = (title: string) => {
  siteTitle = title || 'Equilibre';
  apply();
};

export const setPageTitle = (title: string) => {
  pageTitle = title;
  apply();
};

/** Names the page in the tab and the history while the calling component is shown. */
export const useDocumentTitle = (title: string) => {
  useEffect(() => {
    setPageTitle(title);
    return () => setPageTitle('');
  }, [title]);
};
