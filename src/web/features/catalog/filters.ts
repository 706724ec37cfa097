import { CATEGORY_SLUGS, PRODUCT_SORTS, type CategorySlug, type ProductSort } from '../../../shared/catalog.js';

/** What the all-products page shows: read from its address, so a link shares the view. */
export interface ProductFilters {
  q: string;
  category: CategorySlug | null;
  inStock: boolean;
  /** null: the server's default, newest first (best matches first for a search). */
  sort: ProductSort | null;
  /** The vehicle the parts are shown for (its id): each part says whether it fits. */
  vehicle: number | null;
  /** With a vehicle: only the parts that fit it, or (false) every part. */
  fitsOnly: boolean;
}

/** The server refuses longer searches. */
export const SEARCH_MAX = 100;

const isCategory = (value: string | null): value is CategorySlug => CATEGORY_SLUGS.includes(value as CategorySlug);
const isSort = (value: string | null): value is ProductSort => PRODUCT_SORTS.includes(value as ProductSort);
const vehicleId = (value: string | null) => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);

/**
 * The filters of `?q=&category=&inStock=true&sort=&vehicle=&fitsOnly=false`. A value the server would
 * refuse (an unknown category, an old link's sort) is left out, so a mangled link still shows the catalog.
 */
export function filtersFromSearch(search: URLSearchParams): ProductFilters {
  const category = search.get('category');
  const sort = search.get('sort');
  return {
    q: (search.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    category: isCategory(category) ? category : null,
    inStock: search.get('inStock') === 'true',
    sort: isSort(sort) ? sort : null,
    vehicle: vehicleId(search.get('vehicle')),
    fitsOnly: search.get('fitsOnly') !== 'false',
  };
}

/** The address's query for `filters`: only what differs from the defaults, so the plain page stays /allProducts. */
export function searchFromFilters({ q, category, inStock, sort, vehicle, fitsOnly }: ProductFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (q) search.set('q', q);
  if (category) search.set('category', category);
  if (inStock) search.set('inStock', 'true');
  if (sort) search.set('sort', sort);
  if (vehicle) search.set('vehicle', String(vehicle));
  if (vehicle && !fitsOnly) search.set('fitsOnly', 'false');
  return search;
}

/** Whether the view is narrowed by a search or a filter; the vehicle is a choice of its own, kept by 'Clear filters'. */
export function hasFilters(filters: ProductFilters): boolean {
  return searchFromFilters({ ...filters, vehicle: null }).toString() !== '';
}
