import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product } from '../../shared/api.js';
import { apiFetch, seg } from './client.js';
import { keys } from './keys.js';

export type ProductInputBody = {
  name: string;
  description: string;
  price: number;
  stock: number;
  min: number;
  img: string;
};

/** The catalog: re-fetched on focus and every minute (the server answers with ETags, so this is cheap). */
export function useProducts(q = '') {
  const query = q.trim();
  return useQuery({
    queryKey: keys.productList(query),
    queryFn: ({ signal }) =>
      apiFetch<Product[]>(query ? `/api/products?q=${encodeURIComponent(query)}` : '/api/products', { signal }),
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
    placeholderData: (previous) => previous,
  });
}

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: keys.product(id ?? ''),
    queryFn: ({ signal }) => apiFetch<Product>(`/api/products/${seg(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });
}

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
