import { useQuery } from '@tanstack/react-query';
import type { CategorySummary, Product, ProductPage } from '../../../shared/api.js';
import { apiFetch, seg } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';
import type { ProductFilters } from './filters.js';

/** Products per page of the all-products grid and the admin table. */
export const PRODUCTS_PER_PAGE = 24;

/** The whole catalog, newest first: /allProducts without a query string. */
export const NO_FILTERS: ProductFilters = { q: '', category: null, inStock: false, sort: null, vehicle: null, fitsOnly: true };

/** The paged catalog query for a view of the catalog, shared by useProductPages and the start-up prefetch of /allProducts. */
export function productPagesQuery(filters: ProductFilters) {
  return {
    queryKey: keys.productPages(filters),
    queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
      apiFetch<ProductPage>(productsUrl({ limit: PRODUCTS_PER_PAGE, cursor: pageParam, ...filters }), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ProductPage) => last.nextCursor,
  };
}

/** `/api/products?limit=…&cursor=…&q=…&category=…&inStock=true&sort=…&vehicle=…&fitsOnly=false`: always a page, never the unpaged list. */
export function productsUrl({ limit, cursor, ...filters }: { limit: number; cursor?: string | null } & Partial<ProductFilters>): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return `/api/products?${filterParams(filters, params)}`;
}

/** The filters the category counts are counted within: all of the list's but its category and order. */
export type CountFilters = Pick<ProductFilters, 'q' | 'inStock' | 'vehicle' | 'fitsOnly'>;

export function countFiltersOf({ q, inStock, vehicle, fitsOnly }: ProductFilters): CountFilters {
  return { q, inStock, vehicle, fitsOnly };
}

/** The filters given, in the one order of the query string (the server's response cache is keyed by the address). */
function filterParams(filters: Partial<ProductFilters>, params = new URLSearchParams()): URLSearchParams {
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.inStock) params.set('inStock', 'true');
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.vehicle) params.set('vehicle', String(filters.vehicle));
  if (filters.vehicle && filters.fitsOnly === false) params.set('fitsOnly', 'false');
  return params;
}

/** The home grid: the parts customers order most (re-fetched on focus and every minute; ETags make it cheap). */
export function useHomeProducts() {
  return useQuery({
    queryKey: keys.homeProducts,
    queryFn: ({ signal }) => apiFetch<Product[]>('/api/products/most-ordered', { signal }),
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });
}

/** One product for sale by its id, kept fresh (place-order/{id}, and each line of the cart). */
export function productQuery(id: string) {
  return {
    queryKey: keys.product(id),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch<Product>(`/api/products/${seg(id)}`, { signal }),
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  };
}

export function useProduct(id: string | undefined) {
  return useQuery({ ...productQuery(id ?? ''), enabled: Boolean(id) });
}

/** A product for sale by its part number, spelt as the address has it (the server normalises it). */
export function productBySkuQuery(sku: string) {
  return {
    queryKey: keys.productBySku(sku),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch<Product>(`/api/products/sku/${seg(sku)}`, { signal }),
  };
}

export function useProductBySku(sku: string) {
  return useQuery({ ...productBySkuQuery(sku), refetchOnWindowFocus: true });
}

/** Every category with its count of the parts for sale the list shows with these filters (0 for an empty one). */
export function categoriesQuery(filters: CountFilters) {
  const params = filterParams(filters).toString();
  return {
    queryKey: keys.categories(filters),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch<CategorySummary[]>(`/api/categories${params ? `?${params}` : ''}`, { signal }),
  };
}

export function useCategories(filters: CountFilters, { enabled = true } = {}) {
  return useQuery({ ...categoriesQuery(filters), enabled, placeholderData: (previous) => previous });
}
