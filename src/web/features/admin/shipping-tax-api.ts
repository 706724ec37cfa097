import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShippingConfig, TaxConfig } from '../../../shared/checkout-schemas.js';
import { apiFetch } from '../../lib/api-client.js';

const shippingKey = ['admin', 'shipping'] as const;
const taxKey = ['admin', 'tax'] as const;

export function useShippingConfig() {
  return useQuery({ queryKey: shippingKey, queryFn: ({ signal }) => apiFetch<ShippingConfig>('/api/admin/shipping', { signal }) });
}

export function useTaxConfig() {
  return useQuery({ queryKey: taxKey, queryFn: ({ signal }) => apiFetch<TaxConfig>('/api/admin/tax', { signal }) });
}

export function useSaveShipping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (config: ShippingConfig) => apiFetch<ShippingConfig>('/api/admin/shipping', { method: 'PUT', body: config }),
    onSuccess: (saved) => client.setQueryData(shippingKey, saved),
  });
}

export function useSaveTax() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (config: TaxConfig) => apiFetch<TaxConfig>('/api/admin/tax', { method: 'PUT', body: config }),
    onSuccess: (saved) => client.setQueryData(taxKey, saved),
  });
}
