import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Review } from '../../shared/api.js';
import { apiFetch } from './client.js';
import { keys } from './keys.js';

/** The newest reviews (the home page shows a handful, not the server's full list). */
export function useReviews(limit = 8) {
  return useQuery({
    queryKey: [...keys.reviews, limit],
    queryFn: ({ signal }) => apiFetch<Review[]>(`/api/review?limit=${limit}`, { signal }),
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
