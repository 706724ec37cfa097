import type { Application, Vehicle } from '../../../shared/api.js';
import { apiFetch, seg } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';

// The fitment queries the start-up prefetch asks for too: kept apart from ./api.ts, whose part-number
// rules would add to every page's first download.

/** The vehicle base changes with a data import, not while a buyer shops: its lists are kept for the visit. */
export const BASE_STALE_TIME = 60 * 60_000;

export const vehicleYearsQuery = {
  queryKey: keys.vehicleYears,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch<number[]>('/api/vehicles/years', { signal }),
  staleTime: BASE_STALE_TIME,
};

/** The vehicles a part fits, as its applications (year ranges, trims, qualifiers, positions). */
export const productFitmentQuery = (productId: string) => ({
  queryKey: keys.productFitment(productId),
  queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch<Application[]>(`/api/products/${seg(productId)}/fitment`, { signal }),
});

/** The signed-in buyer's garage (a visitor's is the browser's: garage-store.ts). */
export const garageQuery = {
  queryKey: keys.garage,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch<Vehicle[]>('/api/garage', { signal }),
};
