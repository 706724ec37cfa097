/** Reviews of a part, suggestions as one types and back-in-stock alerts (issue 65). */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PartReview, PartReviewPage, partReviewInputSchema, StockAlert, Suggestions } from '../../../shared/choosing.js';
import { SUGGEST_MIN_LENGTH } from '../../../shared/choosing-copy.js';
import { apiFetch, seg } from '../../lib/api-client.js';

type PartReviewBody = z.input<typeof partReviewInputSchema>;

// Part reviews sit under `products` (a review changes the part's rating); alerts under `me` (signing out forgets them).
const reviewKey = (productId: string) => ['products', 'reviews', productId] as const;
const alertsKey = ['me', 'stock-alerts'] as const;

export const REVIEWS_PER_PAGE = 5;

export function usePartReviews(productId: string) {
  return useInfiniteQuery({
    queryKey: reviewKey(productId),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<PartReviewPage>(`/api/products/${seg(productId)}/reviews?limit=${REVIEWS_PER_PAGE}${pageParam ? `&cursor=${pageParam}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Posts the buyer's review, or changes the one they wrote (`mine`). */
export function useWritePartReview(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, mine }: { body: PartReviewBody; mine: boolean }) =>
      apiFetch<PartReview>(`/api/products/${seg(productId)}/reviews${mine ? '/mine' : ''}`, { method: mine ? 'PATCH' : 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['products'] }),
  });
}

export function useSuggestions(q: string) {
  const typed = q.trim();
  return useQuery({
    queryKey: ['suggest', typed],
    queryFn: ({ signal }) => apiFetch<Suggestions>(`/api/search/suggest?q=${encodeURIComponent(typed)}`, { signal }),
    enabled: typed.length >= SUGGEST_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useStockAlerts(enabled: boolean) {
  return useQuery({ queryKey: alertsKey, queryFn: ({ signal }) => apiFetch<StockAlert[]>('/api/stock-alerts', { signal }), enabled });
}

export function useSetStockAlert(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (wanted: boolean) => apiFetch<unknown>(`/api/products/${seg(productId)}/stock-alert`, { method: wanted ? 'POST' : 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: alertsKey }),
  });
}
