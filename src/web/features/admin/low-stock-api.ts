import { useQuery } from '@tanstack/react-query';
import type { LowStockItem } from '../../../shared/api.js';
import { apiFetch } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';

/**
 * The parts at or below their reorder threshold. Its own module, apart from the admin api, so the
 * dashboard menu's badge does not load the admin pages' code; `enabled` false for a non-admin.
 */
export function useLowStock(enabled = true) {
  return useQuery({
    queryKey: keys.lowStock,
    queryFn: ({ signal }) => apiFetch<LowStockItem[]>('/api/admin/low-stock', { signal }),
    enabled,
  });
}
