import { useQuery } from '@tanstack/react-query';
import type { OutboxEntry } from '../../../shared/api.js';
import { apiFetch } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';

/** The latest e-mails the shop wrote, rendered (admins; the server has no such endpoint in production). */
export function useOutbox() {
  return useQuery({
    queryKey: keys.outbox,
    queryFn: ({ signal }) => apiFetch<OutboxEntry[]>('/api/admin/outbox', { signal }),
    refetchOnWindowFocus: true,
  });
}
