import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  localName,
  publicReferenceItemQueryOptions,
  usePublicReferenceItems,
  type PublicReferenceKind,
} from '@/lib/public-reference';

/**
 * Names of reference items by id, in the interface language. Active items come
 * from the picker list; an item since trashed is asked for by id (old profiles
 * still render). The id shows until its name arrives.
 */
export const useReferenceNames = (kind: PublicReferenceKind, ids: readonly string[], byCode = false) => {
  const { i18n } = useTranslation();
  const list = usePublicReferenceItems(kind);
  const find = (value: string) =>
    list.data?.find((item) => (byCode ? item.code?.toLowerCase() === value.toLowerCase() : item.id === value));
  const missing = list.data && !byCode ? ids.filter((id) => !find(id)) : [];
  const fetched = useQueries({ queries: missing.map((id) => publicReferenceItemQueryOptions(kind, id)) });
  return ids.map((value) => {
    const item = find(value) ?? fetched.find((query) => query.data?.id === value)?.data;
    return item ? localName(item, i18n.language) : value;
  });
};
