import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/toast';

type Props = {
  /** The list's query (its data carries the total of matching rows). */
  list: { isPending: boolean; isError: boolean; error: unknown; data?: { total: number } };
  /** The translated "n rows" line. */
  totalText: (count: number) => string;
};

/**
 * A list's live status line (loading, then how many rows match, announced to screen
 * readers) and, when nothing could be read, why.
 */
export function ListStatus({ list, totalText }: Props) {
  const { t } = useTranslation();
  const data = list.data;
  return (
    <>
      <p role="status" aria-live="polite">
        {list.isPending ? t('common.loading') : data ? totalText(data.total) : ''}
      </p>
      {list.isError && !data && <p role="alert">{errorText(list.error, t('errors.network'))}</p>}
    </>
  );
}
