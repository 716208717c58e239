import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Purchase } from './types';

/** What `POST …/payment` starts: the booking card form's intent (docs/booking.md "Paying"). */
export type PaymentStart = {
  provider: 'sandbox' | 'stripe';
  intent_id: string;
  client_secret: string;
  publishable_key: string | null;
  amount: { minor: number; currency: string } | { amount_minor: number; currency: string };
};

export const purchasesKey = ['digital-products', 'mine'] as const;

const productPath = (id: string, action: string) => `/api/client/digital-products/${encodeURIComponent(id)}/${action}`;

/** `GET /api/client/digital-products`: the signed-in client's purchases, latest first. */
export const useMyPurchases = (enabled: boolean) =>
  useQuery({
    queryKey: purchasesKey,
    queryFn: ({ signal }) => api.get<{ items: Purchase[] }>('/api/client/digital-products', { signal }),
    select: (data) => data.items,
    enabled,
  });

const invalidatePurchases = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: purchasesKey });

/**
 * `POST …/{id}/payment` → `{purchased, payment}`: the intent to confirm with the card form, or
 * `purchased: true` when the client has it already. 404 not on sale; 409 `digital_product_free`.
 */
export const useStartProductPayment = () =>
  useMutation({
    mutationFn: (id: string) => api.post<{ purchased: boolean; payment: PaymentStart | null }>(productPath(id, 'payment'), {}),
    meta: { silent: true },
  });

/** `POST …/{id}/pay {payment_intent}` → 204; 402 the card's refusal; 409 `payment_pending`. */
export const usePayProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, intentId }: { id: string; intentId: string }) =>
      api.post<void>(productPath(id, 'pay'), { payment_intent: intentId }),
    meta: { silent: true },
    onSuccess: () => invalidatePurchases(queryClient),
  });
};

/** `POST …/{id}/claim` → 204: a free product joins the client's downloads. */
export const useClaimProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<void>(productPath(id, 'claim'), {}),
    meta: { silent: true },
    onSuccess: () => invalidatePurchases(queryClient),
  });
};
