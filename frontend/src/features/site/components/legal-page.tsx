import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { PageTitle } from '@/components/layouts/page-title';
import prose from '@/components/ui/prose.module.css';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { useMetaDescription } from '@/lib/meta-description';
import { useSiteLanguage } from '@/lib/site-page';
import { errorText } from '@/lib/toast';
import { formatLongDateIn } from '@/lib/zoned-time';
import { legalDocumentQueryOptions } from '../api/get-legal-document';
import type { LegalKind, LegalVersionSummary } from '../api/types';
import styles from './site-page.module.css';
import { useInternalLinks } from './use-internal-links';

/** Versions are named after the day they come into force in France: their dates are read there too. */
const HOME_ZONE = 'Europe/Paris';

const PAGE_HREF: Record<LegalKind, (version?: string) => string> = {
  terms: paths.termsConditions.getHref,
  privacy: paths.privacyPolicy.getHref,
};

/** When a version is (was, will be) in force: since, from… to (the next one's date), or from a later day. */
function useWhen(versions: LegalVersionSummary[]) {
  const { t, i18n } = useTranslation();
  const date = (value: string) => formatLongDateIn(value, HOME_ZONE, i18n.language);
  return (version: Pick<LegalVersionSummary, 'version' | 'effective_at' | 'status'>) => {
    if (version.status === 'in_force') return t('legalPage.since', { date: date(version.effective_at) });
    if (version.status === 'scheduled') return t('legalPage.from', { date: date(version.effective_at) });
    const next = versions
      .filter((other) => other.status !== 'scheduled' && other.effective_at > version.effective_at)
      .sort((a, b) => a.effective_at.localeCompare(b.effective_at))[0];
    return next
      ? t('legalPage.between', { from: date(version.effective_at), to: date(next.effective_at) })
      : t('legalPage.past');
  };
}

/**
 * `/terms-conditions` and `/privacy-policy` (`?version=` one of their versions): the title, which version
 * it is and since when it is in force (or from when), its PDF, the text (server-rendered, sanitised
 * HTML) in the interface language, and the other versions. An unknown or trashed version is not found.
 */
export function LegalPage({ kind, version }: { kind: LegalKind; version: string | null }) {
  const { t } = useTranslation();
  const language = useSiteLanguage();
  const query = useQuery({ ...legalDocumentQueryOptions(kind, language, version), placeholderData: keepPreviousData });
  const doc = query.data;
  const when = useWhen(doc?.versions ?? []);
  const onClick = useInternalLinks();
  useMetaDescription(doc?.description);

  if (query.isError && isApiError(query.error) && query.error.status === 404) return <NotFoundPage />;
  const others = doc?.versions.filter((other) => other.version !== doc.version) ?? [];

  return (
    <article className={`container ${styles.page}`}>
      <div className={`card ${styles.card}`} aria-busy={query.isPlaceholderData || undefined}>
        {doc ? (
          <>
            <PageTitle>{doc.title}</PageTitle>
            <p className={styles.meta}>{t('legalPage.line', { version: doc.version, when: when(doc) })}</p>
            <p className={styles.download}>
              <a href={doc.pdf_url}>{t('legalPage.download')}</a>
              {doc.status !== 'in_force' && (
                <>
                  {' · '}
                  <Link to={PAGE_HREF[kind]()}>{t('legalPage.current')}</Link>
                </>
              )}
            </p>
            {/* Rendered from Markdown and sanitised by the server (docs/api.md "Static pages and legal texts"). */}
            <div
              className={prose.prose}
              lang={query.isPlaceholderData ? undefined : language}
              onClick={onClick}
              dangerouslySetInnerHTML={{ __html: doc.html }}
            />
            {others.length > 0 && (
              <section className={styles.versions} aria-labelledby="legal-versions">
                <h2 id="legal-versions">{t('legalPage.versions')}</h2>
                <ul>
                  {others.map((other) => (
                    <li key={other.version}>
                      <Link to={PAGE_HREF[kind](other.version)}>{t('legalPage.versionLink', { version: other.version })}</Link>
                      {t('legalPage.separator')}
                      {when(other)}
                    </li>
                  ))}
                </ul>
              </section>
            )}
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
