import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SalesStats } from '../../../shared/sales-stats.js';
import { apiFetch } from '../../lib/api-client.js';
import type { Period } from './period.js';

/** The sales overview of a period (admins only), of one company's orders if given; the last figures stay on screen while another period loads. */
export function useSalesStats(period: Period | null, companyId: number | null = null) {
  return useQuery({
    queryKey: ['admin', 'stats', period?.from, period?.to, companyId],
    queryFn: () =>
      apiFetch<SalesStats>(`/api/admin/stats?${new URLSearchParams({ from: period!.from, to: period!.to, ...(companyId !== null && { companyId: String(companyId) }) })}`),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
}
