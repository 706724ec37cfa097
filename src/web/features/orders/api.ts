import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ConfirmedPayment, Order, OrderEvent, OrderPage, PaymentIntentAnswer, PaymentsConfig, Shipment } from '../../../shared/api.js';
import type { AdminCompany } from '../../../shared/companies.js';
import type { OrderStatusFilter } from '../../../shared/order-status.js';
import type {
  OrderSort,
  orderPatchSchema,
  paymentIntentRequestSchema,
  ShipmentRequest,
  testPaymentConfirmSchema,
} from '../../../shared/schemas.js';
import type { orderInputSchema } from '../../../shared/checkout-schemas.js';
import { messages } from '../../../shared/messages.js';
import { ApiError, apiFetch, apiFile, seg } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';

type PlaceOrderBody = z.input<typeof orderInputSchema>;
type OrderPatchBody = z.input<typeof orderPatchSchema>;
type PaymentIntentBody = z.input<typeof paymentIntentRequestSchema>;
type TestConfirmBody = z.input<typeof testPaymentConfirmSchema>;

/** How long placing an order may go unanswered before the customer is told it is not confirmed. */
export const PLACE_ORDER_TIMEOUT_MS = 10_000;

/**
 * A new Idempotency-Key: one per order the customer means. Random bytes in hex (crypto.randomUUID exists
 * only on https pages; getRandomValues everywhere).
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * POST /api/orders with an Idempotency-Key: sent again with the same key (a retry after no answer), the
 * server answers the order that key placed instead of placing a second one. No answer (offline, or none
 * within PLACE_ORDER_TIMEOUT_MS) is said as such: the order is not confirmed, and a retry is safe.
 */
export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: PlaceOrderBody; idempotencyKey: string }) => {
      try {
        return await apiFetch<Order>('/api/orders', {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': idempotencyKey },
          timeoutMs: PLACE_ORDER_TIMEOUT_MS,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 0) throw new ApiError(0, error.code, messages.ui.orderNotSent);
        throw error;
      }
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.orders }),
        client.invalidateQueries({ queryKey: keys.products }),
      ]),
  });
}

/** The signed-in customer's orders, newest first, ORDERS_PER_PAGE at a time. */
export function useMyOrderPages(email: string | undefined) {
  return useInfiniteQuery({
    queryKey: keys.myOrders(email ?? ''),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(ORDERS_PER_PAGE) });
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch<OrderPage>(`/api/orders/${seg(email ?? '')}?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(email),
  });
}

/** What Manage All Orders lists: a search, a status, the days placed ('' for any), a sort and one company's id ('' for all). */
export interface OrderFilters {
  q: string;
  status: OrderStatusFilter | '';
  from: string;
  to: string;
  sort: OrderSort;
  companyId: string;
}

export const NO_ORDER_FILTERS: OrderFilters = { q: '', status: '', from: '', to: '', sort: 'newest', companyId: '' };
export const ORDERS_PER_PAGE = 25;

/** The filters as GET /api/orders, its export and the page's address take them: only those set. */
export function orderSearchParams(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value && value !== NO_ORDER_FILTERS[name as keyof OrderFilters]) params.set(name, value);
  return params;
}

/** Every order, page by page; the previous list stays on screen while a new search loads. */
export function useAllOrderPages(filters: OrderFilters) {
  return useInfiniteQuery({
    queryKey: keys.allOrders(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = orderSearchParams(filters);
      params.set('limit', String(ORDERS_PER_PAGE));
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch<OrderPage>(`/api/orders?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });
}

/**
 * The name of the company Manage All Orders is filtered to (undefined until known, or for an unknown id),
 * from the staff's list of every company: the same query (and cache) as the Companies page's "All".
 */
export function useCompanyName(companyId: string): string | undefined {
  const companies = useQuery({
    queryKey: ['admin', 'companies', 'all'] as const,
    queryFn: ({ signal }) => apiFetch<AdminCompany[]>('/api/admin/companies', { signal }),
    enabled: companyId !== '',
  });
  return companies.data?.find((company) => String(company.id) === companyId)?.name;
}

/** The orders these filters list, one row per order line, as a CSV file. */
export function exportOrders(filters: OrderFilters): Promise<Blob> {
  const params = orderSearchParams(filters).toString();
  return apiFile(`/api/orders/export.csv${params ? `?${params}` : ''}`);
}

export function useOrder(id: string | undefined) {
  return useQuery({
    queryKey: keys.order(id ?? ''),
    queryFn: ({ signal }) => apiFetch<Order>(`/api/order/${seg(id ?? '')}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<Order>(`/api/orders/${seg(id)}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.orders }),
        // The cancelled order's units go back to the product's stock.
        client.invalidateQueries({ queryKey: keys.products }),
      ]),
  });
}

/** An admin cancels a paid order that shipped nothing (its whole charge refunded), or anyone who may an unpaid one. */
export function useCancelAndRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<Order>(`/api/orders/${seg(id)}/cancel`, { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.orders }),
        // Its units go back to the product's stock.
        client.invalidateQueries({ queryKey: keys.products }),
      ]),
  });
}

/** PATCH /api/orders/:id, both faces (docs/legacy-contract.md#two-faced-patch): a delivery (admin) or a payment report (the owner). */
const patchOrder = (id: string, body: OrderPatchBody) => apiFetch<Order>(`/api/orders/${seg(id)}`, { method: 'PATCH', body });

export function useDeliverOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => patchOrder(id, { status: 'shipped' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.orders }),
  });
}

/** POST /api/orders/:id/shipments (admins): a parcel of some of a paid order's units, with its tracking. */
export function useShipOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: ShipmentRequest }) =>
      apiFetch<Shipment>(`/api/orders/${seg(orderId)}/shipments`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.orders }),
  });
}

/** A shipment's packing slip, a PDF (admins). */
export function fetchPackingSlip(shipmentId: string): Promise<Blob> {
  return apiFile(`/api/shipments/${seg(shipmentId)}/packing-slip.pdf`);
}

/** A paid order's invoice, a PDF (its owner or an admin). */
export function fetchInvoice(id: string): Promise<Blob> {
  return apiFile(`/api/orders/${seg(id)}/invoice.pdf`);
}

export function fetchCreditNote(refundId: string): Promise<Blob> {
  return apiFile(`/api/refunds/${seg(refundId)}/credit-note.pdf`);
}

/** Who changed an order and when (admin only). Loaded when its dialog opens. */
export function useOrderHistory(id: string | null) {
  return useQuery({
    queryKey: keys.orderHistory(id ?? ''),
    queryFn: ({ signal }) => apiFetch<OrderEvent[]>(`/api/orders/${seg(id ?? '')}/history`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/**
 * After the card payment is confirmed: the owner reports the payment's id; the server checks it with the
 * payment provider and answers with the order, now paid ('pending'), or refuses with a message.
 */
export function usePayOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, transactionId }: { orderId: string; transactionId: string }) => patchOrder(orderId, { transactionId }),
    onSuccess: (order) => {
      client.setQueryData(keys.order(order._id), order);
      return client.invalidateQueries({ queryKey: keys.orders });
    },
  });
}

// ---- Card payments ---------------------------------------------------------

export function usePaymentsConfig() {
  return useQuery({
    queryKey: keys.paymentsConfig,
    queryFn: ({ signal }) => apiFetch<PaymentsConfig>('/api/payments/config', { signal, auth: false }),
    staleTime: Infinity,
  });
}

/**
 * The payment intent of an unpaid order, created when the payment page opens. The server keeps one intent
 * per order and amount, so asking again (a reload, a retry) gets the same one and never a second charge.
 * Beginning a payment makes the order's hold run again, so the order is read again for its `heldUntil`.
 */
export function usePaymentIntent(orderId: string, enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: keys.paymentIntent(orderId),
    queryFn: async () => {
      const answer = await apiFetch<PaymentIntentAnswer>('/api/create-payment-intent', {
        method: 'POST',
        body: { orderId } satisfies PaymentIntentBody,
      });
      void client.invalidateQueries({ queryKey: keys.order(orderId) });
      return answer;
    },
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** The built-in test processor's stand-in for Stripe.js's confirmCardPayment. */
export function confirmTestPayment(body: TestConfirmBody) {
  return apiFetch<ConfirmedPayment>('/api/payments/test/confirm', { method: 'POST', body, auth: false });
}
