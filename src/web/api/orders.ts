import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderEvent } from '../../shared/api.js';
import { apiFetch, seg } from './client.js';
import { keys } from './keys.js';

export type PlaceOrderBody = { productId: string; quantity: number; phone: string; address: string };

export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceOrderBody) => apiFetch<Order>('/api/orders', { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.orders }),
        client.invalidateQueries({ queryKey: keys.products }),
      ]),
  });
}

export function useMyOrders(email: string | undefined) {
  return useQuery({
    queryKey: keys.myOrders(email ?? ''),
    queryFn: ({ signal }) => apiFetch<Order[]>(`/api/orders/${seg(email ?? '')}`, { signal }),
    enabled: Boolean(email),
  });
}

export function useAllOrders() {
  return useQuery({
    queryKey: keys.allOrders,
    queryFn: ({ signal }) => apiFetch<Order[]>('/api/orders', { signal }),
  });
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

export function useDeliverOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<Order>(`/api/orders/${seg(id)}`, { method: 'PATCH', body: { status: 'shipped' } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.orders }),
  });
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
    mutationFn: ({ orderId, transactionId }: { orderId: string; transactionId: string }) =>
      apiFetch<Order>(`/api/orders/${seg(orderId)}`, { method: 'PATCH', body: { transactionId } }),
    onSuccess: (order) => {
      client.setQueryData(keys.order(order._id), order);
      return client.invalidateQueries({ queryKey: keys.orders });
    },
  });
}
