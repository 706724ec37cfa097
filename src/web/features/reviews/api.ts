import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Review } from '../../../shared/api.js';
import type { reviewInputSchema } from '../../../shared/schemas.js';
import { apiFetch, seg } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';

type ReviewBody = z.input<typeof reviewInputSchema>;

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
    mutationFn: (body: ReviewBody) => apiFetch<Review>('/api/review', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.reviews }),
  });
}

/** Manage Reviews: every review, hidden ones too (admins only). */
export function useAllReviews() {
  return useQuery({
    queryKey: keys.allReviews,
    queryFn: ({ signal }) => apiFetch<Review[]>('/api/admin/reviews', { signal }),
  });
}

/** Hides a review from the shop (kept) or shows it again; both lists of reviews are asked again. */
export function useSetReviewHidden() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      apiFetch<Review>(`/api/review/${seg(id)}`, { method: 'PATCH', body: { hidden } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.reviews }),
  });
}

/** Hides the selected reviews at once (those already hidden stay so); both lists of reviews are asked again. */
export function useHideReviews() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => apiFetch<{ hidden: number }>('/api/admin/reviews/hide', { method: 'POST', body: { ids: ids.map(Number) } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.reviews }),
  });
}
