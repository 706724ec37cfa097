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
    // Even when fresh: staff coming back to the tab expect the badge to say what arrived meanwhile.
    refetchOnWindowFocus: 'always',
    refetchInterval: REFRESH_MS,
  });
}
