import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OpenOrders, Product } from '../../../shared/api.js';
import type { productInputSchema } from '../../../shared/schemas.js';
import { apiFetch, seg } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';

type ProductInputBody = z.input<typeof productInputSchema>;

export function useAddProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductInputBody) => apiFetch<Product>('/api/products', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.products }),
  });
}

/** Removing a product also cancels its unpaid orders (paid ones stay to ship): the order lists change too. */
export function useRemoveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<Product>(`/api/products/${seg(id)}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: keys.products }), client.invalidateQueries({ queryKey: keys.orders })]),
  });
}

/** What removing a product touches, asked just before the confirmation: its unpaid orders and its paid ones to ship. */
export function fetchOpenOrders(id: string): Promise<OpenOrders> {
  return apiFetch<OpenOrders>(`/api/products/${seg(id)}/open-orders`);
}
