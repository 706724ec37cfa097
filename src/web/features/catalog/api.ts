import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { Product, ProductPage } from '../../../shared/api.js';
import { apiFetch, seg } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';

/** Products on the home page's grid. */
export const HOME_PRODUCTS = 6;

/** Products per page of the all-products grid and the admin table. */
export const PRODUCTS_PER_PAGE = 24;

/** The paged catalog query, shared by useProductPages and the start-up prefetch of /allProducts. */
export function productPagesQuery(q: string) {
  return {
    queryKey: keys.productPages(q),
    queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
      apiFetch<ProductPage>(productsUrl({ limit: PRODUCTS_PER_PAGE, cursor: pageParam, q }), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ProductPage) => last.nextCursor,
  };
}

/**
 * Opening /allProducts directly: ask for the first page at once, while the page's code is still
 * loading, instead of after it (the first product picture is that page's largest paint).
 */
export function prefetchForLocation(client: QueryClient, pathname: string) {
  if (pathname === '/allProducts') void client.prefetchInfiniteQuery(productPagesQuery(''));
}

/** `/api/products?limit=…&cursor=…&q=…`: always a page, never the unpaged list. */
export function productsUrl({ limit, cursor, q }: { limit: number; cursor?: string | null; q?: string }): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  if (q) params.set('q', q);
  return `/api/products?${params}`;
}

/** The home grid: the newest few products (re-fetched on focus and every minute; ETags make it cheap). */
export function useHomeProducts() {
  return useQuery({
    queryKey: keys.homeProducts,
    queryFn: ({ signal }) => apiFetch<ProductPage>(productsUrl({ limit: HOME_PRODUCTS }), { signal }),
    select: (page) => page.items,
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });
}

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: keys.product(id ?? ''),
    queryFn: ({ signal }) => apiFetch<Product>(`/api/products/${seg(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });
}
