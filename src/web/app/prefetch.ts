import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { meQuery } from '../features/auth/api.js';
import { categoriesQuery, countFiltersOf, NO_FILTERS, productBySkuQuery, productPagesQuery } from '../features/catalog/api.js';
import { preloadPagePicture } from '../features/catalog/components/ProductFacts.js';
import { readGarage, storedCurrent } from '../features/fitment/garage-store.js';
import { garageQuery, productFitmentQuery, vehicleYearsQuery } from '../features/fitment/queries.js';
import { getToken } from '../lib/api-client.js';

/**
 * Opening /allProducts or a part's page directly: ask for what it shows at once, while the page's code is
 * still loading, instead of after it renders; for a part's page its picture and its fitment too, as soon
 * as the part says which. The list of /allProducts only without filters: reading them needs the catalog's
 * rules (src/shared/catalog.ts), which would add to every page's first download. For a signed-in buyer,
 * the account every page's navbar names and the garage the catalog's vehicle panel lists: found in the
 * first render, they do not move the page under the buyer when they arrive.
 */
export function prefetchForLocation(client: QueryClient, { pathname, search }: { pathname: string; search: string }) {
  const signedIn = getToken() !== null;
  if (signedIn) void client.prefetchQuery(meQuery);
  if (pathname === '/allProducts') {
    if (signedIn) void client.prefetchQuery(garageQuery);
    // The vehicle shopped for, as the page's first render takes it (garage.ts): the stored one.
    const vehicle = storedCurrent(readGarage(), null, signedIn)?.id ?? null;
    if (search === '') void client.prefetchInfiniteQuery(productPagesQuery({ ...NO_FILTERS, vehicle }));
    // The filters' column: the categories' counts (within the list's filters: here only the vehicle's, as
    // only a category or a sort in the address leaves them) and the vehicle selector's years.
    const params = new URLSearchParams(search);
    if (!['q', 'inStock', 'vehicle', 'fitsOnly'].some((name) => params.has(name))) {
      void client.prefetchQuery(categoriesQuery(countFiltersOf({ ...NO_FILTERS, vehicle })));
    }
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
