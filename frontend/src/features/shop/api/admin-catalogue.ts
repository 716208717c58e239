import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { fileKeyOf } from './admin-products';
import type { CatalogueCard, CatalogueItem, CatalogueKind, ListPage } from './types';

export const ADMIN_CATALOGUE_PAGE_SIZE = 20;
export const MAX_BENEFITS = 12;
const adminKey = ['admin-lifestyle-products'] as const;
const base = '/api/admin-panel/lifestyle-products';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

const invalidate = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKey }),
    queryClient.invalidateQueries({ queryKey: ['lifestyle-products'] }),
  ]);

export type AdminCatalogueParams = { trashed: boolean; search: string; kind: string; page: number };

/** `GET /api/admin-panel/lifestyle-products?search=&kind=&trashed=&page=&page_size=`. */
export const useAdminCatalogue = (params: AdminCatalogueParams) =>
  useQuery({
    queryKey: [...adminKey, 'list', params],
    queryFn: ({ signal }) =>
      api.get<ListPage<CatalogueCard>>(base, {
        query: {
          search: params.search || undefined,
          kind: params.kind || undefined,
          trashed: String(params.trashed),
          page: params.page,
          page_size: ADMIN_CATALOGUE_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** `GET /api/admin-panel/lifestyle-products/{id}`: trashed too. */
export const useAdminCatalogueItem = (id: string) =>
  useQuery({ queryKey: [...adminKey, 'item', id], queryFn: ({ signal }) => api.get<CatalogueItem>(one(id), { signal }) });

export type CatalogueItemBody = {
  kind: CatalogueKind;
  name_fr: string;
  name_en: string;
  latin_name: string;
  description_fr: string;
  description_en: string;
  benefit_ids: string[];
  image: string;
};

/** `POST …` → 201 `{id}` or `PUT …/{id}` → 200; 400 field errors; 409 `catalogue_item_trashed`. */
export const useSaveCatalogueItem = (id?: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CatalogueItemBody) => (id ? api.put<{ id: string }>(one(id), body) : api.post<{ id: string }>(base, body)),
    meta: { feedback: { success: id ? 'adminCatalogue.updated' : 'adminCatalogue.created' } },
    onSuccess: () => invalidate(queryClient),
  });
};

export type CatalogueRef = { id: string; name: string };

/** `POST …/{id}/trash` or `…/restore` → 204; announced by the mutation cache. */
export const useCatalogueAction = (action: 'trash' | 'restore') => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: CatalogueRef) => api.post<void>(`${one(item.id)}/${action}`),
    meta: {
      feedback: {
        success: (_data, item) =>
          i18n.t(action === 'trash' ? 'adminCatalogue.trashed' : 'adminCatalogue.restored', { name: (item as CatalogueRef).name }),
        errorToast: true,
      },
    },
    onSettled: () => invalidate(queryClient),
  });
};

export type CatalogueFormValues = Omit<CatalogueItemBody, 'kind'> & { kind: string; image_url: string };

export const CATALOGUE_FIELDS = ['kind', 'name_fr', 'name_en', 'latin_name', 'description_fr', 'description_en', 'benefit_ids', 'image'] as const;

export const catalogueFormValues = (item?: CatalogueItem): CatalogueFormValues => ({
  kind: item?.kind ?? '',
  name_fr: item?.name_fr ?? '',
  name_en: item?.name_en ?? '',
  latin_name: item?.latin_name ?? '',
  description_fr: item?.description_fr ?? '',
  description_en: item?.description_en ?? '',
  benefit_ids: item?.benefits.map((benefit) => benefit.id) ?? [],
  image: item ? fileKeyOf(item.image_url) : '',
  image_url: item?.image_url ?? '',
});

export const toCatalogueBody = ({ image_url: _url, ...values }: CatalogueFormValues): CatalogueItemBody => ({
  ...values,
  kind: values.kind as CatalogueKind,
  name_fr: values.name_fr.trim(),
  name_en: values.name_en.trim(),
  latin_name: values.latin_name.trim(),
});

export const catalogueFormSchema = (t: TFunction) =>
  yup.object({
    kind: yup.string().required('validation.required'),
    name_fr: yup.string().trim().required('validation.required').max(120, t('adminProducts.form.tooLong', { max: 120 })),
    name_en: yup.string().trim().required('validation.required').max(120, t('adminProducts.form.tooLong', { max: 120 })),
    latin_name: yup.string().trim().max(120, t('adminProducts.form.tooLong', { max: 120 })),
    description_fr: yup.string().trim().required('validation.required').max(5000, t('adminProducts.form.tooLong', { max: 5000 })),
    description_en: yup.string().max(5000, t('adminProducts.form.tooLong', { max: 5000 })),
    benefit_ids: yup.array().of(yup.string()).max(MAX_BENEFITS, t('adminCatalogue.form.tooManyBenefits', { max: MAX_BENEFITS })),
  });
