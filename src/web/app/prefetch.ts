import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { categoriesQuery, NO_FILTERS, productBySkuQuery, productPagesQuery } from '../features/catalog/api.js';
import { preloadPagePicture } from '../features/catalog/components/ProductFacts.js';
import { productFitmentQuery, vehicleYearsQuery } from '../features/fitment/queries.js';

/**
 * Opening /allProducts or a part's page directly: ask for what it shows at once, while the page's code is
 * still loading, instead of after it renders; for a part's page its picture and its fitment too, as soon
 * as the part says which. The list of /allProducts only without filters: reading them needs the catalog's
 * rules (src/shared/catalog.ts), which would add to every page's first download.
 */
export function prefetchForLocation(client: QueryClient, { pathname, search }: { pathname: string; search: string }) {
  if (pathname === '/allProducts') {
    if (search === '') void client.prefetchInfiniteQuery(productPagesQuery(NO_FILTERS));
    // The filters' column: the categories' counts and the vehicle selector's years.
    void client.prefetchQuery(categoriesQuery);
    void client.prefetchQuery(vehicleYearsQuery);
  }
  // The part number as the page reads it (router.tsx's `parts/:sku`, decoded the same way).
  const sku = matchPath('/parts/:sku', pathname)?.params.sku;
  if (sku) {
    client.fetchQuery(productBySkuQuery(sku)).then((product) => {
      preloadPagePicture(product);
      void client.prefetchQuery(productFitmentQuery(product._id));
    }, () => {});
  }
}
