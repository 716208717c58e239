import { useQuery } from '@tanstack/react-query';
import { publicSitePageQueryOptions, useSiteLanguage, type PublicSitePage } from '@/lib/site-page';

/** The text of sanitised HTML (its paragraphs joined by a space); parsing runs no script. */
const textOf = (html: string) => {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return [...body.children].map((child) => child.textContent?.trim() ?? '').filter(Boolean).join(' ') || (body.textContent ?? '').trim();
};

const selectText = (page: PublicSitePage) => textOf(page.html);

/** The `disclaimer` page's text in the interface language, as plain text; `fallback` until it is read. */
export function DisclaimerText({ fallback }: { fallback: string }) {
  const language = useSiteLanguage();
  const { data } = useQuery({
    ...publicSitePageQueryOptions('disclaimer', language),
    select: selectText,
  });
  return data || fallback;
}
