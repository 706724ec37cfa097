import { useInfiniteQuery } from '@tanstack/react-query';
import type { ProductPage } from '../../shared/api.js';
import { apiFetch } from './client.js';
import { keys } from './keys.js';
import { productsUrl } from './products.js';

// A module of its own: useInfiniteQuery's code then loads with the pages that page, not with the home page.

/** Products per page of the all-products grid and the admin table. */
export const PRODUCTS_PER_PAGE = 24;

/**
 * The catalog page by page, newest first, optionally searched by name. A new search is a new query key,
 * so it starts again from the first page; the previous result stays on screen while it loads.
 */
export function useProductPages(q = '') {
  const query = q.trim();
  return useInfiniteQuery({
    queryKey: keys.productPages(query),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<ProductPage>(productsUrl({ limit: PRODUCTS_PER_PAGE, cursor: pageParam, q: query }), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnWindowFocus: true,
    placeholderData: (previous) => previous,
  });
}
