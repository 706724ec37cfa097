import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Review } from '../../shared/api.js';
import { apiFetch } from './client.js';
import { keys } from './keys.js';

export function useReviews() {
  return useQuery({
    queryKey: keys.reviews,
    queryFn: ({ signal }) => apiFetch<Review[]>('/api/review', { signal }),
  });
}

export function usePostReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { rating: string; comment: string }) =>
      apiFetch<Review>('/api/review', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.reviews }),
  });
}
