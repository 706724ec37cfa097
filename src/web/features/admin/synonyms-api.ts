import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SynonymGroups } from '../../../shared/choosing.js';
import { apiFetch } from '../../lib/api-client.js';

const synonymsKey = ['admin', 'synonyms'] as const;

export function useSynonyms() {
  return useQuery({ queryKey: synonymsKey, queryFn: ({ signal }) => apiFetch<SynonymGroups>('/api/admin/search/synonyms', { signal }) });
}

export function useSaveSynonyms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SynonymGroups) => apiFetch<SynonymGroups>('/api/admin/search/synonyms', { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(synonymsKey, saved);
      // Searches read the synonyms: cached result pages are stale.
      return client.invalidateQueries({ queryKey: ['products'] });
    },
  });
}
