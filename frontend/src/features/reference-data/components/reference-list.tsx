import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layouts/page-title';
import { ListStatus } from '@/components/ui/list-status';
import listStyles from '@/components/ui/list.module.css';
import { pageCountOf } from '@/components/ui/page-count';
import { Pagination } from '@/components/ui/pagination';
import { SearchForm } from '@/components/ui/search-form';
import { useListParams } from '@/components/ui/use-list-params';
import { errorText, toast } from '@/lib/toast';
import { useReferenceItems } from '../api/get-reference-items';
import type { ReferenceItem } from '../api/reference-item';
import { useRestoreReferenceItem } from '../api/restore-reference-item';
import { useTrashReferenceItem } from '../api/trash-reference-item';
import { referencePaths, type ReferenceSet } from '../reference-sets';
import styles from './reference-data.module.css';

type Props = { set: ReferenceSet; trashed: boolean };

/** One reference list (spec §2 view-… and view-trash-…): search, pages of 20, trash or restore. */
export function ReferenceList({ set, trashed }: Props) {
  const { t, i18n } = useTranslation();
  const { search, page, goTo } = useListParams();
  const [confirming, setConfirming] = useState<string | null>(null);
  const captionId = useId();
  const trashButtonId = (itemId: string) => `${captionId}-trash-${itemId}`;
  const list = useReferenceItems(set.kind, { trashed, search, page });
  const trash = useTrashReferenceItem(set.kind);
  const restore = useRestoreReferenceItem(set.kind);
  const links = referencePaths(set);
  const texts = `reference.sets.${set.key}`;
  const title = t(`${texts}.${trashed ? 'trash' : 'view'}`);
  const english = i18n.language === 'en';

  const name = (item: ReferenceItem) => (english ? item.name_en : item.name_fr);

  const onTrash = async (item: ReferenceItem) => {
    try {
      await trash.mutateAsync(item.id);
      setConfirming(null);
      toast.success(t('reference.trashed', { name: name(item) }));
    } catch (error) {
      toast.error(errorText(error, t('errors.network')));
    }
  };

  const onRestore = async (item: ReferenceItem) => {
    try {
      await restore.mutateAsync(item.id);
      toast.success(t('reference.restored', { name: name(item) }));
    } catch (error) {
      toast.error(errorText(error, t('errors.network')));
    }
  };

  const data = list.data;
  const pageCount = pageCountOf(data);
  const columns = {
    nameFr: t('reference.columns.nameFr'),
    nameEn: t('reference.columns.nameEn'),
    code: t('reference.columns.code'),
    parent: t('reference.columns.country'),
    actions: t('reference.columns.actions'),
  };

  return (
    <div className="stack">
      <PageTitle>{title}</PageTitle>
      <div className={listStyles.toolbar}>
        <SearchForm value={search} onSearch={(value) => goTo({ search: value, page: 1 })} />
        <div className={listStyles.actions}>
          {trashed ? (
            <Link className="btn btn-secondary" to={links.view.getHref()}>
              {t(`${texts}.view`)}
            </Link>
          ) : (
            <>
              <Link className="btn" to={links.add.getHref()}>
                {t(`${texts}.add`)}
              </Link>
              <Link className="btn btn-secondary" to={links.trash.getHref()}>
                {t(`${texts}.trash`)}
              </Link>
            </>
          )}
        </div>
      </div>

      <div className="card">
        <ListStatus list={list} totalText={(count) => t('reference.total', { number: count })} />
        {data && data.items.length > 0 && (
          <div className={listStyles.tableWrap}>
            <table className={listStyles.table} aria-labelledby={captionId}>
              <caption id={captionId} className="visually-hidden">
                {title}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{columns.nameFr}</th>
                  <th scope="col">{columns.nameEn}</th>
                  {set.hasCode && <th scope="col">{columns.code}</th>}
                  {set.parentKind && <th scope="col">{columns.parent}</th>}
                  <th scope="col">{columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((item) => (
                  <tr key={item.id}>
                    <th scope="row" data-label={columns.nameFr} lang="fr">
                      {item.name_fr}
                    </th>
                    <td data-label={columns.nameEn} lang="en">
                      {item.name_en}
                    </td>
                    {set.hasCode && <td data-label={columns.code}>{item.code}</td>}
                    {set.parentKind && (
                      <td data-label={columns.parent}>{english ? item.parent_name_en : item.parent_name_fr}</td>
                    )}
                    <td>
                      {trashed ? (
                        <button
                          type="button"
                          className="btn btn-secondary btn-small"
                          disabled={restore.isPending}
                          aria-busy={restore.isPending || undefined}
                          aria-label={`${t('reference.restore')} ${name(item)}`}
                          onClick={() => void onRestore(item)}
                        >
                          {t('reference.restore')}
                        </button>
                      ) : confirming === item.id ? (
                        <TrashConfirmation
                          name={name(item)}
                          busy={trash.isPending}
                          onConfirm={() => void onTrash(item)}
                          onCancel={() => {
                            setConfirming(null);
                            requestAnimationFrame(() => document.getElementById(trashButtonId(item.id))?.focus());
                          }}
                        />
                      ) : (
                        <div className={listStyles.actions}>
                          <Link
                            className="btn btn-secondary btn-small"
                            to={links.edit.getHref(item.id, name(item))}
                            aria-label={`${t('reference.edit')} ${name(item)}`}
                          >
                            {t('reference.edit')}
                          </Link>
                          <button
                            type="button"
                            className="btn btn-secondary btn-small"
                            id={trashButtonId(item.id)}
                            aria-label={`${t('reference.trash')} ${name(item)}`}
                            onClick={() => setConfirming(item.id)}
                          >
                            {t('reference.trash')}
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && data.items.length === 0 && <p>{t(search ? 'reference.noMatch' : 'reference.empty')}</p>}
        {data && <Pagination page={page} pageCount={pageCount} onPage={(next) => goTo({ page: next })} />}
      </div>
    </div>
  );
}

type ConfirmationProps = { name: string; busy: boolean; onConfirm: () => void; onCancel: () => void };

/** Inline confirmation in the row; focus moves to it and returns on cancel. */
function TrashConfirmation({ name, busy, onConfirm, onCancel }: ConfirmationProps) {
  const { t } = useTranslation();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  return (
    <div className={styles.confirm} role="group" aria-label={t('reference.confirmTrash', { name })}>
      <span>{t('reference.confirmTrash', { name })}</span>
      <button ref={confirmRef} type="button" className="btn btn-small" disabled={busy} aria-busy={busy || undefined} onClick={onConfirm}>
        {t('reference.confirm')}
      </button>
      <button type="button" className="btn btn-secondary btn-small" onClick={onCancel}>
        {t('reference.cancel')}
      </button>
    </div>
  );
}
