import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layouts/page-title';
import prose from '@/components/ui/prose.module.css';
import { useMetaDescription } from '@/lib/meta-description';
import { publicSitePageQueryOptions, useSiteLanguage } from '@/lib/site-page';
import { errorText } from '@/lib/toast';
import type { SitePageKey } from '../api/types';
import styles from './site-page.module.css';
import { useInternalLinks } from './use-internal-links';

/**
 * A public static page (`/about-us`, `/faq`…): its title, and its text as the administrator wrote it
 * (server-rendered, sanitised HTML) in the interface language, read again when the language changes.
 * The answer's description becomes the page's meta description.
 */
export function SitePageView({ pageKey }: { pageKey: Exclude<SitePageKey, 'disclaimer'> }) {
  const { t } = useTranslation();
  const language = useSiteLanguage();
  // While the other language's text loads, the one shown stays.
  const query = useQuery({ ...publicSitePageQueryOptions(pageKey, language), placeholderData: keepPreviousData });
  const page = query.data;
  const onClick = useInternalLinks();
  useMetaDescription(page?.description);

  return (
    <article className={`container ${styles.page}`}>
      <div className={`card ${styles.card}`} aria-busy={query.isPlaceholderData || undefined}>
        {page ? (
          <>
            <PageTitle>{page.title}</PageTitle>
            {/* Rendered from Markdown and sanitised by the server (docs/api.md "Static pages and legal texts"). */}
            <div
              className={prose.prose}
              lang={query.isPlaceholderData ? undefined : language}
              onClick={onClick}
              dangerouslySetInnerHTML={{ __html: page.html }}
            />
          </>
        ) : query.isError ? (
          <p role="alert">{errorText(query.error, t('errors.network'))}</p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )}
      </div>
    </article>
  );
}
