import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import type { ListPage, Product, ProductBody, ProductCard } from './types';

export const ADMIN_PRODUCTS_PAGE_SIZE = 20;
const adminKey = ['admin-digital-products'] as const;
const base = '/api/admin-panel/digital-products';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

const invalidate = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKey }),
    queryClient.invalidateQueries({ queryKey: ['digital-products'] }),
  ]);

export type AdminProductParams = { trashed: boolean; search: string; price: string; page: number };

/** `GET /api/admin-panel/digital-products?search=&price=&trashed=&page=&page_size=`. */
export const useAdminProducts = (params: AdminProductParams) =>
  useQuery({
    queryKey: [...adminKey, 'list', params],
    queryFn: ({ signal }) =>
      api.get<ListPage<ProductCard>>(base, {
        query: {
          search: params.search || undefined,
          price: params.price || undefined,
          trashed: String(params.trashed),
          page: params.page,
          page_size: ADMIN_PRODUCTS_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** `GET /api/admin-panel/digital-products/{id}`: with `file`, `file_url` and `sales`, trashed too. */
export const useAdminProduct = (id: string) =>
  useQuery({ queryKey: [...adminKey, 'item', id], queryFn: ({ signal }) => api.get<Product>(one(id), { signal }) });

/** `POST …` → 201 `{id}` or `PUT …/{id}` → 200; 400 field errors; 409 `digital_product_trashed`. */
export const useSaveProduct = (id?: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductBody) => (id ? api.put<{ id: string }>(one(id), body) : api.post<{ id: string }>(base, body)),
    meta: { feedback: { success: id ? 'adminProducts.updated' : 'adminProducts.created' } },
    onSuccess: () => invalidate(queryClient),
  });
};

export type ProductRef = { id: string; title: string };

/** `POST …/{id}/trash` or `…/restore` → 204; announced by the mutation cache. */
export const useProductAction = (action: 'trash' | 'restore') => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: ProductRef) => api.post<void>(`${one(product.id)}/${action}`),
    meta: {
      feedback: {
        success: (_data, product) =>
          i18n.t(action === 'trash' ? 'adminProducts.trashed' : 'adminProducts.restored', { title: (product as ProductRef).title }),
        errorToast: true,
      },
    },
    onSettled: () => invalidate(queryClient),
  });
};

export type ProductFormValues = {
  title_fr: string;
  title_en: string;
  description_fr: string;
  description_en: string;
  price: string;
  currency: string;
  file: string;
  file_url: string;
  cover: string;
  cover_url: string;
};

export const PRODUCT_FIELDS = ['title_fr', 'title_en', 'description_fr', 'description_en', 'price', 'currency', 'file', 'cover'] as const;

/** Minor digits of a currency (ISO 4217, as Intl knows it); 2 when unknown. */
export const minorDigits = (currency: string) => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
};

/** "12,50" or "12.50" in major units → 1250 minor units (EUR). */
export const toMinor = (price: string, currency: string) =>
  Math.round(Number(price.trim().replace(',', '.')) * 10 ** minorDigits(currency));

/** 1250 minor units → "12.50" (the form's text). */
export const toMajor = (minor: number, currency: string) => {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
};

export const productFormValues = (product?: Product): ProductFormValues => ({
  title_fr: product?.title_fr ?? '',
  title_en: product?.title_en ?? '',
  description_fr: product?.description_fr ?? '',
  description_en: product?.description_en ?? '',
  price: product ? toMajor(product.price.amount_minor, product.price.currency) : '0',
  currency: product?.price.currency ?? 'EUR',
  file: product?.file ?? '',
  file_url: product?.file_url ?? '',
  cover: fileKeyOf(product?.cover_url ?? null),
  cover_url: product?.cover_url ?? '',
});

const FILES = '/api/admin-panel/files/';

/** A stored file's key, read from the administrators' url of it (`/api/admin-panel/files/{key}`). */
export const fileKeyOf = (url: string | null) =>
  url?.startsWith(FILES) ? url.slice(FILES.length).split('/').map(decodeURIComponent).join('/') : '';

export const toProductBody = (values: ProductFormValues): ProductBody => ({
  title_fr: values.title_fr.trim(),
  title_en: values.title_en.trim(),
  description_fr: values.description_fr,
  description_en: values.description_en,
  price_minor: toMinor(values.price, values.currency),
  currency: values.currency.trim().toUpperCase(),
  file: values.file,
  cover: values.cover,
});

export const productFormSchema = (t: TFunction) =>
  yup.object({
    title_fr: yup.string().trim().required('validation.required').max(120, t('adminProducts.form.tooLong', { max: 120 })),
    title_en: yup.string().trim().required('validation.required').max(120, t('adminProducts.form.tooLong', { max: 120 })),
    description_fr: yup.string().trim().required('validation.required').max(5000, t('adminProducts.form.tooLong', { max: 5000 })),
    description_en: yup.string().max(5000, t('adminProducts.form.tooLong', { max: 5000 })),
    price: yup
      .string()
      .required('validation.required')
      .matches(/^\s*\d{1,7}([.,]\d{1,3})?\s*$/, t('adminProducts.form.invalidPrice')),
    currency: yup.string().trim().required('validation.required').matches(/^[A-Za-z]{3}$/, t('adminProducts.form.invalidCurrency')),
    file: yup.string().required(t('adminProducts.form.fileRequired')),
  });
