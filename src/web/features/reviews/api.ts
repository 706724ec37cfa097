import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Review, ReviewStatus } from '../../../shared/api.js';
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

/** The moderation queue's filters (GET /api/admin/reviews): a status and a rating, or all of them. */
export interface ReviewFilters {
  status?: ReviewStatus;
  rating?: number;
}

/** Manage Reviews: every review in any status unless filtered, each with its flags (admins only). */
export function useAllReviews(filters: ReviewFilters = {}, enabled = true) {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.rating) query.set('rating', String(filters.rating));
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return useQuery({
    queryKey: [...keys.allReviews, filters.status ?? null, filters.rating ?? null],
    queryFn: ({ signal }) => apiFetch<Review[]>(`/api/admin/reviews${search}`, { signal }),
    enabled,
  });
}

/** Approves (published), rejects (hidden) or shows again a review; every list of reviews is asked again. */
export function useSetReviewStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ReviewStatus }) => apiFetch<Review>(`/api/review/${seg(id)}`, { method: 'PATCH', body: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.reviews }),
  });
}

/** Deletes a review for good; every list of reviews is asked again. */
export function useDeleteReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<null>(`/api/review/${seg(id)}`, { method: 'DELETE' }),
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
