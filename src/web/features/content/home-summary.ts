// Apart from api.ts: the contact form's hooks there load with the form, not with the home page.
import { useQuery } from '@tanstack/react-query';
import type { HomeSummary } from '../../../shared/api.js';
import { apiFetch } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';

/** The home page's business summary: the shop's real figures, or `live: false` for the written ones. */
export function useHomeSummary() {
  return useQuery({
    queryKey: keys.homeSummary,
    queryFn: ({ signal }) => apiFetch<HomeSummary>('/api/summary', { signal }),
  });
}
