import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Product } from '../../../shared/api.js';
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

export function useRemoveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<Product>(`/api/products/${seg(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.products }),
  });
}
