import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartsResolved } from '../../../shared/api.js';
import type { AdminCompany, CompanyDecision, CompanyStatus, PriceList, PriceListInput } from '../../../shared/companies.js';
import { apiFetch, apiFile, seg } from '../../lib/api-client.js';

/** Query keys of trade accounts (issue 63): a decision refreshes every list of companies, a save every list of price lists. */
export const tradeKeys = {
  companies: ['admin', 'companies'] as const,
  companiesBy: (status: CompanyStatus | null) => ['admin', 'companies', status ?? 'all'] as const,
  priceLists: ['admin', 'price-lists'] as const,
  priceList: (id: string) => ['admin', 'price-lists', 'one', id] as const,
};

/** GET /api/admin/companies?status=: the companies in a status, or every one (null). */
export function useAdminCompanies(status: CompanyStatus | null, enabled = true) {
  const search = status ? `?${new URLSearchParams({ status })}` : '';
  return useQuery({
    queryKey: tradeKeys.companiesBy(status),
    queryFn: ({ signal }) => apiFetch<AdminCompany[]>(`/api/admin/companies${search}`, { signal }),
    enabled,
  });
}

/** PATCH /api/admin/companies/:id: approve (with a price list or none), decline with a reason, or change the list of an approved one. */
export function useDecideCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: CompanyDecision }) =>
      apiFetch<AdminCompany>(`/api/admin/companies/${seg(id)}`, { method: 'PATCH', body: decision }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: tradeKeys.companies }), client.invalidateQueries({ queryKey: tradeKeys.priceLists })]),
  });
}

export function usePriceLists() {
  return useQuery({
    queryKey: tradeKeys.priceLists,
    queryFn: ({ signal }) => apiFetch<PriceList[]>('/api/admin/price-lists', { signal }),
  });
}

export function usePriceList(id: string | undefined) {
  return useQuery({
    queryKey: tradeKeys.priceList(id ?? ''),
    queryFn: ({ signal }) => apiFetch<PriceList>(`/api/admin/price-lists/${seg(id!)}`, { signal }),
    enabled: id !== undefined,
  });
}

/** PUT /api/admin/price-lists/:id: creates or replaces the list. */
export function useSavePriceList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, list }: { id: string; list: PriceListInput }) => apiFetch<PriceList>(`/api/admin/price-lists/${seg(id)}`, { method: 'PUT', body: list }),
    onSuccess: () => client.invalidateQueries({ queryKey: tradeKeys.priceLists }),
  });
}

/** DELETE /api/admin/price-lists/:id (the server refuses, 409, while a company buys at it). */
export function useDeletePriceList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<null>(`/api/admin/price-lists/${seg(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: tradeKeys.priceLists }),
  });
}

export const priceListCsv = (id: string) => apiFile(`/api/admin/price-lists/${seg(id)}/prices.csv`);

/** PUT …/prices.csv: the file replaces the list's fixed prices; a refused file (422) answers its report, row by row. */
export function useImportPriceListCsv() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, csv }: { id: string; csv: string }) => apiFetch<PriceList>(`/api/admin/price-lists/${seg(id)}/prices.csv`, { method: 'PUT', body: csv, contentType: 'text/csv' }),
    onSuccess: () => client.invalidateQueries({ queryKey: tradeKeys.priceLists }),
  });
}

/** Part numbers to parts, through the quick order's lookup (POST /api/parts/resolve). */
export const resolveParts = (numbers: string[]) => apiFetch<PartsResolved>('/api/parts/resolve', { method: 'POST', body: { numbers } });
