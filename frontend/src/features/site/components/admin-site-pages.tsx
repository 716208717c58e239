import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import { DataTable } from '@/components/ui/data-table';
import { ListStatus } from '@/components/ui/list-status';
import listStyles from '@/components/ui/list.module.css';
import { paths } from '@/config/paths';
import { useViewerZone } from '@/lib/viewer-zone';
import { formatShortDateTimeIn } from '@/lib/zoned-time';
import { useAdminSitePages } from '../api/get-admin-site-pages';
import type { SitePageKey } from '../api/types';
import styles from './site-admin.module.css';

/** The public address of each page (the disclaimer shows in the footer and on the booking page). */
const PUBLIC_HREF: Record<SitePageKey, string | null> = {
  'about-us': paths.aboutUs.getHref(),
  'alternative-medicine': paths.alternativeMedicine.getHref(),
  'sdg-media': paths.sdgMedia.getHref(),
  faq: paths.faq.getHref(),
  'team-and-vision': paths.teamAndVision.getHref(),
  media: paths.media.getHref(),
  disclaimer: null,
};

/**
 * Ours (issue 13) `/admin/site-pages`: the six static pages and the disclaimer, each with its French
 * title, its address, and when it was last edited (or that it still has its built-in text).
 */
export function AdminSitePages() {
  const { t, i18n } = useTranslation();
  const list = useAdminSitePages();
  const zone = useViewerZone('admin');
  const title = t('adminSite.titles.pages.list');
  const rows = list.data;
  const columns = {
    page: t('adminSite.pages.columns.page'),
    edited: t('adminSite.pages.columns.edited'),
    actions: t('adminSite.pages.columns.actions'),
  };
  return (
    <div className="stack">
      <PageTitle>{title}</PageTitle>
      <div className="card">
        <ListStatus
          list={{ ...list, data: rows && { total: rows.length } }}
          totalText={(count) => t('adminSite.pages.total', { count })}
        />
        {rows && rows.length > 0 && (
          <DataTable caption={title} columns={Object.values(columns)}>
            {rows.map((row) => {
              const href = PUBLIC_HREF[row.key];
              return (
                <tr key={row.key}>
                  <th scope="row" data-label={columns.page}>
                    <span lang="fr">{row.fr.title}</span>
                    <span className={styles.muted}>{href ?? t('adminSite.pages.disclaimerPlace')}</span>
                  </th>
                  <td data-label={columns.edited}>
                    {row.edited_at
                      ? t('adminSite.pages.editedAt', { date: formatShortDateTimeIn(row.edited_at, zone, i18n.language) })
                      : t('adminSite.pages.builtIn')}
                  </td>
                  <td data-label={columns.actions}>
                    <div className={listStyles.actions}>
                      <Link
                        className="btn btn-secondary btn-small"
                        to={paths.admin.site['pages.edit'].getHref(row.key)}
                        aria-label={t('adminSite.pages.editNamed', { title: row.fr.title })}
                      >
                        {t('adminSite.pages.edit')}
                      </Link>
                      {href && (
                        <Link
                          className="btn btn-secondary btn-small"
                          to={href}
                          aria-label={t('adminSite.pages.viewNamed', { title: row.fr.title })}
                        >
                          {t('adminSite.pages.view')}
                        </Link>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </div>
    </div>
  );
}
