import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Option } from '@/components/form/select-field';
import {
  localName,
  publicReferenceItemQueryOptions,
  publicReferenceItemsQueryOptions,
  type PublicReferenceKind,
} from '@/lib/public-reference';

/** Picker options of a reference list in the interface language (cities: of one country, once chosen). */
export const useReferenceOptions = (kind: PublicReferenceKind, parentId?: string, enabled = true) => {
  const { i18n } = useTranslation();
  const query = useQuery({ ...publicReferenceItemsQueryOptions(kind, parentId), enabled });
  const language = i18n.language;
  const options = useMemo<Option[]>(
    () =>
      (query.data ?? [])
        .map((item) => ({ value: item.id, label: localName(item, language) }))
        .sort((a, b) => a.label.localeCompare(b.label, language)),
    [query.data, language],
  );
  return { options, isPending: query.isPending, isError: query.isError };
};

/**
 * Names of ids a profile holds that the picker no longer offers (trashed items):
 * `GET /api/public/reference/{kind}/{id}` still answers them.
 */
export const useRetiredNames = (kind: PublicReferenceKind, ids: readonly string[]) => {
  const { i18n } = useTranslation();
  const results = useQueries({ queries: ids.map((id) => publicReferenceItemQueryOptions(kind, id)) });
  return new Map(
    ids.map((id, i) => {
      const item = results[i]?.data;
      return [id, item ? localName(item, i18n.language) : undefined] as const;
    }),
  );
};
