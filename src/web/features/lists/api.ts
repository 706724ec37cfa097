import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { importReportSchema, type ImportReport } from '../../../shared/api.js';
import type { ListInput, ListSummary, ListUpdate, PartsList } from '../../../shared/choosing.js';
import { ApiError, apiFetch, apiFile, seg } from '../../lib/api-client.js';

// Under `me`: signing out forgets them.
const listsKey = ['me', 'lists'] as const;

export function useLists({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: listsKey, enabled, queryFn: ({ signal }) => apiFetch<ListSummary[]>('/api/lists', { signal }) });
}

/** A list with each part as the shop has it now: read fresh when asked for (to add it to the cart at today's prices). */
export const fetchList = (id: string) => apiFetch<PartsList>(`/api/lists/${seg(id)}`);

/** One list with its lines, while its editor is open (under the lists' key: saving any list refreshes it). */
export function useList(id: string) {
  return useQuery({ queryKey: [...listsKey, id], queryFn: ({ signal }) => apiFetch<PartsList>(`/api/lists/${seg(id)}`, { signal }) });
}

/** Renames a list and/or replaces its lines (PUT /api/lists/:id). */
export function useUpdateList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: ListUpdate }) => apiFetch<PartsList>(`/api/lists/${seg(id)}`, { method: 'PUT', body: update }),
    onSuccess: () => client.invalidateQueries({ queryKey: listsKey }),
  });
}

export function useCreateList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<ListInput, 'name' | 'lines'>) => apiFetch<PartsList>('/api/lists', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: listsKey }),
  });
}

export function useDeleteList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/lists/${seg(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: listsKey }),
  });
}

export const exportList = (id: string) => apiFile(`/api/lists/${seg(id)}/export.csv`);

/** Merges a CSV file into a list; a refused file (422) answers its report like a good one. */
export function useImportList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, csv }: { id: string; csv: string }): Promise<ImportReport> => {
      try {
        return await apiFetch<ImportReport>(`/api/lists/${seg(id)}/import`, { method: 'POST', body: csv, contentType: 'text/csv' });
      } catch (failure) {
        const refused = failure instanceof ApiError && failure.status === 422 ? importReportSchema.safeParse(failure.body) : null;
        if (refused?.success) return refused.data;
        throw failure;
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: listsKey }),
  });
}
