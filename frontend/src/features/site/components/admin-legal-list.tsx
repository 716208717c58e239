import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import { DataTable } from '@/components/ui/data-table';
import { ListStatus } from '@/components/ui/list-status';
import listStyles from '@/components/ui/list.module.css';
import { RowActions } from '@/components/ui/row-actions';
import { paths } from '@/config/paths';
import { useViewerZone } from '@/lib/viewer-zone';
import { formatShortDateTimeIn } from '@/lib/zoned-time';
import { useLegalVersions } from '../api/get-legal-versions';
import { useRestoreLegalVersion, useTrashLegalVersion } from '../api/move-legal-version';
import { SITE_LANGUAGES, type AdminLegalVersion, type LegalKind } from '../api/types';
import { LegalStatusBadge } from './legal-status-badge';
import { LegalVersionDialog } from './legal-version-dialog';
import styles from './site-admin.module.css';

/** `GET /api/public/legal/{kind}/{version}/pdf?lang=`: a version (not trashed) as a PDF in that language. */
const pdfHref = (kind: LegalKind, version: string, language: string) =>
  `/api/public/legal/${kind}/${encodeURIComponent(version)}/pdf?lang=${language}`;

/**
 * spec §2 admin `view-terms-condition` / `view-privacy-policy` and their trash: the versions, newest
 * date first, each with its date in force, its status (in force, scheduled, superseded), both texts to
 * read and its PDFs. A version whose date is still ahead can go to the trash (once the administrator
 * confirms), and come back from it; one that has been in force stays (the server says so).
 */
export function AdminLegalList({ kind, trashed }: { kind: LegalKind; trashed: boolean }) {
  const { t, i18n } = useTranslation();
  const list = useLegalVersions(kind, trashed);
  const trash = useTrashLegalVersion(kind);
  const restore = useRestoreLegalVersion(kind);
  const [reading, setReading] = useState<AdminLegalVersion | null>(null);
  const zone = useViewerZone('admin');
  const title = t(`adminSite.titles.${kind}.${trashed ? 'trash' : 'view'}`);
  const rows = list.data;
  const columns = {
    version: t('adminSite.legal.columns.version'),
    effectiveAt: t('adminSite.legal.columns.effectiveAt'),
    status: t('adminSite.legal.columns.status'),
    read: t('adminSite.legal.columns.read'),
    actions: t('adminSite.legal.columns.actions'),
  };
  const dateTime = (value: string) => formatShortDateTimeIn(value, zone, i18n.language);

  return (
    <div className="stack">
      <PageTitle>{title}</PageTitle>
      <div className={listStyles.toolbar}>
        <div className={listStyles.actions}>
          {trashed ? (
            <Link className="btn btn-secondary" to={paths.admin.site[`${kind}.view`].getHref()}>
              {t(`adminSite.titles.${kind}.view`)}
            </Link>
          ) : (
            <>
              <Link className="btn" to={paths.admin.site[`${kind}.add`].getHref()}>
                {t('adminSite.legal.add')}
              </Link>
              <Link className="btn btn-secondary" to={paths.admin.site[`${kind}.trash`].getHref()}>
                {t(`adminSite.titles.${kind}.trash`)}
              </Link>
            </>
          )}
        </div>
      </div>

      <div className="card">
        <ListStatus
          list={{ ...list, data: rows && { total: rows.length } }}
          totalText={(count) => t('adminSite.legal.total', { count })}
        />
        {rows && rows.length > 0 && (
          <DataTable caption={title} columns={Object.values(columns)}>
            {rows.map((row) => (
              <tr key={row.version}>
                <th scope="row" data-label={columns.version}>
                  {row.version}
                  {row.published_at === null && <span className={styles.muted}>{t('adminSite.legal.builtIn')}</span>}
                </th>
                <td data-label={columns.effectiveAt}>
                  {dateTime(row.effective_at)}
                  {row.trashed_at && (
                    <span className={styles.muted}>{t('adminSite.legal.trashedAt', { date: dateTime(row.trashed_at) })}</span>
                  )}
                </td>
                <td data-label={columns.status}>
                  <LegalStatusBadge status={row.status} />
                </td>
                <td data-label={columns.read}>
                  <div className={listStyles.actions}>
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      aria-label={t('adminSite.legal.readNamed', { version: row.version })}
                      onClick={() => setReading(row)}
                    >
                      {t('adminSite.legal.read')}
                    </button>
                    {!row.trashed_at &&
                      SITE_LANGUAGES.map((language) => (
                        <a
                          key={language}
                          className="btn btn-secondary btn-small"
                          href={pdfHref(kind, row.version, language)}
                          aria-label={t('adminSite.legal.pdfNamed', {
                            version: row.version,
                            language: t(`adminSite.languages.${language}`),
                          })}
                        >
                          {t('adminSite.legal.pdf', { language: language.toUpperCase() })}
                        </a>
                      ))}
                  </div>
                </td>
                <td data-label={columns.actions}>
                  {/* Only a version still ahead can go to the trash; there is no edit screen. */}
                  {trashed || row.status === 'scheduled' ? (
                    <RowActions
                      trashed={trashed}
                      texts="adminSite.legal"
                      named={{ version: row.version }}
                      confirm={{
                        title: t('adminSite.legal.confirmTitle'),
                        text: t('adminSite.legal.confirmText', { version: row.version, date: dateTime(row.effective_at) }),
                      }}
                      onTrash={(close) => trash.mutate(row.version, { onSuccess: close })}
                      trashPending={trash.isPending}
                      onRestore={() => restore.mutate(row.version)}
                      restorePending={restore.isPending && restore.variables === row.version}
                    />
                  ) : (
                    <span className={styles.muted}>{t('adminSite.legal.kept')}</span>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        {rows && rows.length === 0 && <p>{t(trashed ? 'adminSite.legal.emptyTrash' : 'adminSite.legal.empty')}</p>}
      </div>
      {reading && <LegalVersionDialog version={reading} onClose={() => setReading(null)} />}
    </div>
  );
}
