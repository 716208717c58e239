import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Money = { amount_minor: number; currency: string };

/** A coupon as `GET /api/admin-panel/coupons` lists it (contract "Coupons (admin)"). */
export type Coupon = {
  id: string;
  code: string;
  kind: 'percent' | 'fixed';
  percent: number | null;
  amount: Money | null;
  valid_from: string;
  valid_until: string;
  max_uses: number | null;
  max_uses_per_client: number | null;
  uses: number;
  disabled: boolean;
};

export type CouponPage = { items: Coupon[]; total: number; page: number; page_size: number };

const couponsKey = ['admin-coupons'] as const;

export const getCoupons = (page: number, signal?: AbortSignal) =>
  api.get<CouponPage>('/api/admin-panel/coupons', { query: { page }, signal });

export const couponsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...couponsKey, page],
    queryFn: ({ signal }) => getCoupons(page, signal),
    placeholderData: keepPreviousData,
  });

export const useCoupons = (page: number) => useQuery(couponsQueryOptions(page));

/** `POST /api/admin-panel/coupons/{id}/disable` → 204. */
export const disableCoupon = (id: string) => api.post<void>(`/api/admin-panel/coupons/${encodeURIComponent(id)}/disable`);

export const useDisableCoupon = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableCoupon, onSettled: () => queryClient.invalidateQueries({ queryKey: couponsKey }) });
};

export type CreateCouponBody = {
  code: string;
  kind: 'percent' | 'fixed';
  percent?: number;
  amount?: Money;
  valid_from: string;
  valid_until: string;
  max_uses: number;
  max_uses_per_client: number;
};

/** `POST /api/admin-panel/coupons` → 201 `{coupon_id}`; 409 `coupon_code_taken`. */
export const createCoupon = (body: CreateCouponBody) => api.post<{ coupon_id: string }>('/api/admin-panel/coupons', body);

export const useCreateCoupon = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCoupon, onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsKey }) });
};
