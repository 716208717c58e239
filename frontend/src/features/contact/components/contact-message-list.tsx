import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layouts/page-title';
import { ActionButton } from '@/components/ui/action-button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { ListStatus } from '@/components/ui/list-status';
import { DataTable } from '@/components/ui/data-table';
import listStyles from '@/components/ui/list.module.css';
import { pageCountOf } from '@/components/ui/page-count';
import { Pagination } from '@/components/ui/pagination';
import { SearchForm } from '@/components/ui/search-form';
import { useListParams } from '@/components/ui/use-list-params';
import { useViewerZone } from '@/lib/viewer-zone';
import { formatShortDateTimeIn } from '@/lib/zoned-time';
import {
  contactMessagesExportHref,
  useContactMessages,
  useDeleteContactMessage,
  type ContactMessage,
} from '../api/contact-messages';
import styles from './contact-message-list.module.css';

/**
 * spec §2 admin `view-contact-us-list`: the messages of the public contact form, newest first, 20 a
 * page, searched by name, e-mail, organisation and subject (kept in the address); the CSV export takes
 * the search; a message is erased on request (GDPR) once the administrator confirms.
 */
export function ContactMessageList() {
  const { t, i18n } = useTranslation();
  const { search, page, goTo } = useListParams();
  const list = useContactMessages({ search, page });
  const remove = useDeleteContactMessage();
  const [target, setTarget] = useState<ContactMessage | null>(null);
  const zone = useViewerZone('admin');
  const title = t('adminContact.title');
  const data = list.data;
  const columns = {
    received: t('adminContact.columns.received'),
    name: t('adminContact.columns.name'),
    email: t('adminContact.columns.email'),
    phone: t('adminContact.columns.phone'),
    organisation: t('adminContact.columns.organisation'),
    subject: t('adminContact.columns.subject'),
    message: t('adminContact.columns.message'),
    actions: t('adminContact.columns.actions'),
  };
  const close = () => setTarget(null);
  const confirmDelete = (message: ContactMessage) =>
    // The mutation announces the outcome (meta.feedback); the dialog stays open on a failure.
    remove.mutate(message.message_id, { onSuccess: close });

  return (
    <div className="stack">
      <PageTitle>{title}</PageTitle>
      <div className={listStyles.toolbar}>
        <SearchForm value={search} onSearch={(value) => goTo({ search: value })} label={t('adminContact.search')} />
        <a className="btn btn-secondary" href={contactMessagesExportHref(search)} download>
          {t('adminContact.exportCsv')}
        </a>
      </div>
      <div className="card">
        <ListStatus list={list} totalText={(count) => t('adminContact.total', { count })} />
        {data && data.items.length > 0 && (
          <DataTable caption={title} columns={Object.values(columns)}>
                {data.items.map((row) => (
                  <tr key={row.message_id}>
                    <td data-label={columns.received}>{formatShortDateTimeIn(row.received_at, zone, i18n.language)}</td>
                    <th scope="row" data-label={columns.name} className={styles.wrap}>
                      {row.name}
                    </th>
                    <td data-label={columns.email} className={styles.wrap}>
                      <a href={`mailto:${row.email}`}>{row.email}</a>
                    </td>
                    <td data-label={columns.phone} className={styles.wrap}>
                      {row.phone ?? '—'}
                    </td>
                    <td data-label={columns.organisation} className={styles.wrap}>
                      {row.organisation ?? '—'}
                    </td>
                    <td data-label={columns.subject} className={styles.wrap}>
                      {row.subject}
                    </td>
                    <td data-label={columns.message} className={styles.message}>
                      <details>
                        <summary>{t('adminContact.readMessage')}</summary>
                        <p className={styles.text}>{row.message}</p>
                        <p className={styles.muted}>{t(`adminContact.writtenIn.${row.language}`)}</p>
                      </details>
                    </td>
                    <td data-label={columns.actions}>
                      <button
                        type="button"
                        className="btn btn-secondary btn-small"
                        aria-label={t('adminContact.deleteFrom', { name: row.name })}
                        onClick={() => setTarget(row)}
                      >
                        {t('adminContact.delete')}
                      </button>
                    </td>
                  </tr>
                ))}
              </DataTable>
        )}
        {data && data.items.length === 0 && <p>{t(search ? 'adminContact.noMatch' : 'adminContact.empty')}</p>}
        {data && <Pagination page={page} pageCount={pageCountOf(data)} onPage={(next) => goTo({ page: next })} />}
      </div>
      {target && (
        <Dialog title={t('adminContact.confirmTitle')} onClose={close}>
          <p>{t('adminContact.confirmText', { name: target.name, email: target.email, subject: target.subject })}</p>
          <DialogActions>
            <button type="button" className="btn btn-secondary" onClick={close}>
              {t('adminContact.cancel')}
            </button>
            <ActionButton type="button" pending={remove.isPending} onClick={() => confirmDelete(target)}>
              {t('adminContact.confirmDelete')}
            </ActionButton>
          </DialogActions>
        </Dialog>
      )}
    </div>
  );
}
