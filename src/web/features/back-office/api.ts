import { useQuery } from '@tanstack/react-query';
import type { AdminHome } from '../../../shared/back-office.js';
import { apiFetch } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';

/** How often the counts are asked again while a dashboard page is open. */
const REFRESH_MS = 60_000;

/**
 * What needs doing (GET /api/admin/home): the staff home's counts and the menu's Inbox badge, asked again
 * every minute and when the window comes back into focus; `enabled` false for a non-admin.
 */
export function useStaffHome(enabled = true) {
  return useQuery({
    queryKey: keys.staffHome,
    queryFn: ({ signal }) => apiFetch<AdminHome>('/api/admin/home', { signal }),
    enabled,
    // Never fresh: asked again whenever the staff home opens or the window comes back, as work is done elsewhere.
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: REFRESH_MS,
  });
}
