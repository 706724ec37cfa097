import { useInfiniteQuery } from '@tanstack/react-query';
import { productPagesQuery } from './api.js';

// A module of its own: useInfiniteQuery's code then loads with the pages that page, not with the home page.

/**
 * The catalog page by page, newest first, optionally searched by name. A new search is a new query key,
 * so it starts again from the first page; the previous result stays on screen while it loads.
 */
export function useProductPages(q = '') {
  return useInfiniteQuery({
    ...productPagesQuery(q.trim()),
    refetchOnWindowFocus: true,
    placeholderData: (previous) => previous,
  });
}
