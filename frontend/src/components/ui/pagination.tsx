import { useTranslation } from 'react-i18next';
import styles from './list.module.css';

type Props = { page: number; pageCount: number; onPage: (page: number) => void };

/** Previous / "page x of y" / next; hidden when everything fits on page 1. */
export function Pagination({ page, pageCount, onPage }: Props) {
  const { t } = useTranslation();
  if (pageCount <= 1 && page <= 1) return null;
  return (
    <nav aria-label={t('common.pagination')} className={styles.pagination}>
      <button type="button" className="btn btn-secondary btn-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </button>
      <span>{t('common.pageOf', { page, total: Math.max(pageCount, page) })}</span>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        {t('common.next')}
      </button>
    </nav>
  );
}

