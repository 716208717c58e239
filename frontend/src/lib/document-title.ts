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
