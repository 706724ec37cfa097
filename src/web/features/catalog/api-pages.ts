import { useInfiniteQuery } from '@tanstack/react-query';
import { NO_FILTERS, productPagesQuery } from './api.js';
import type { ProductFilters } from './filters.js';

// A module of its own: useInfiniteQuery's code then loads with the pages that page, not with the home page.

/**
 * The catalog page by page, for a search and its filters (newest first when there are none). A new view is
 * a new query key, so it starts again from the first page; the previous result stays on screen while it loads.
 */
export function useProductPages(filters: ProductFilters = NO_FILTERS) {
  return useInfiniteQuery({
    ...productPagesQuery(filters),
    refetchOnWindowFocus: true,
    placeholderData: (previous) => previous,
  });
}
