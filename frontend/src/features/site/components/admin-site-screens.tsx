import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { PageTitle } from '@/components/layouts/page-title';
import { isApiError } from '@/lib/api-error';
import { errorText } from '@/lib/toast';
import { useAdminSitePage } from '../api/get-admin-site-pages';
import { SITE_PAGE_KEYS, type SitePageKey } from '../api/types';
import { AdminLegalList } from './admin-legal-list';
import { AdminSitePages } from './admin-site-pages';
import { AddLegalVersionPage } from './legal-form-page';
import { SitePageForm } from './site-page-form';

/** spec §2 admin `view-terms-condition`. */
export const ViewTermsScreen = () => <AdminLegalList kind="terms" trashed={false} />;
/** Ours: the terms' trash (the privacy policy's twin). */
export const TrashTermsScreen = () => <AdminLegalList kind="terms" trashed />;
/** spec §2 admin `add-terms-condition`. */
export const AddTermsScreen = () => <AddLegalVersionPage kind="terms" />;
/** spec §2 admin `view-privacy-policy`. */
export const ViewPrivacyScreen = () => <AdminLegalList kind="privacy" trashed={false} />;
/** spec §2 admin `view-trash-privacy-policy`. */
export const TrashPrivacyScreen = () => <AdminLegalList kind="privacy" trashed />;
/** spec §2 admin `add-privacy-policy`. */
export const AddPrivacyScreen = () => <AddLegalVersionPage kind="privacy" />;
/** Ours: the static pages and the disclaimer. */
export const SitePagesScreen = () => <AdminSitePages />;

const isPageKey = (value: string | undefined): value is SitePageKey =>
  (SITE_PAGE_KEYS as readonly string[]).includes(value ?? '');

function EditSitePage({ pageKey }: { pageKey: SitePageKey }) {
  const { t } = useTranslation();
  const query = useAdminSitePage(pageKey);
  const page = query.data;
  if (query.isError && isApiError(query.error) && query.error.status === 404) return <NotFoundPage />;
  return (
    <div className="stack">
      <PageTitle>{t('adminSite.titles.pages.edit')}</PageTitle>
      <div className="card">
        {page ? (
          <>
            <h2 lang="fr">{page.fr.title}</h2>
            <SitePageForm key={`${page.key}-${page.edited_at ?? ''}`} page={page} />
          </>
        ) : query.isError ? (
          <p role="alert">{errorText(query.error, t('errors.network'))}</p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )}
      </div>
    </div>
  );
}

/** Ours: `/admin/edit-site-page/{key}`; an unknown key is not found. */
export function EditSitePageScreen() {
  const { key } = useParams();
  return isPageKey(key) ? <EditSitePage key={key} pageKey={key} /> : <NotFoundPage />;
}
