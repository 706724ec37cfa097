import { useQuery } from '@tanstack/react-query';
import type { NumberSuggestion, PartLookup, Vehicle, VinAnswer } from '../../../shared/api.js';
import { normalisePartNumber } from '../../../shared/catalog.js';
import { ApiError, apiFetch, seg } from '../../lib/api-client.js';
import { keys } from '../../lib/query-keys.js';
import { BASE_STALE_TIME, productFitmentQuery, vehicleYearsQuery } from './queries.js';

/** `year=2015&make=Toyota`, encoded. */
const queryString = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)])).toString();

export function useVehicleYears() {
  return useQuery(vehicleYearsQuery);
}

export function useVehicleMakes(year: number | null) {
  return useQuery({
    queryKey: keys.vehicleMakes(year ?? 0),
    queryFn: ({ signal }) => apiFetch<string[]>(`/api/vehicles/makes?${queryString({ year: year ?? 0 })}`, { signal }),
    enabled: year !== null,
    staleTime: BASE_STALE_TIME,
  });
}

export function useVehicleModels(year: number | null, make: string) {
  return useQuery({
    queryKey: keys.vehicleModels(year ?? 0, make),
    queryFn: ({ signal }) => apiFetch<string[]>(`/api/vehicles/models?${queryString({ year: year ?? 0, make })}`, { signal }),
    enabled: year !== null && make !== '',
    staleTime: BASE_STALE_TIME,
  });
}

/** The makes of every year in the base (staff choosing what a part fits, not a buyer's car). */
export function useBaseMakes() {
  return useQuery({
    queryKey: keys.baseMakes,
    queryFn: ({ signal }) => apiFetch<string[]>('/api/vehicles/makes', { signal }),
    staleTime: BASE_STALE_TIME,
  });
}

/** A make's models of every year (none asked for without a make). */
export function useBaseModels(make: string) {
  return useQuery({
    queryKey: keys.baseModels(make),
    queryFn: ({ signal }) => apiFetch<string[]>(`/api/vehicles/models?${queryString({ make })}`, { signal }),
    enabled: make !== '',
    staleTime: BASE_STALE_TIME,
  });
}

/** A model's vehicles of a year: one per trim and engine. */
export function useVehicles(year: number | null, make: string, model: string) {
  return useQuery({
    queryKey: keys.vehicles(year ?? 0, make, model),
    queryFn: ({ signal }) => apiFetch<Vehicle[]>(`/api/vehicles?${queryString({ year: year ?? 0, make, model })}`, { signal }),
    enabled: year !== null && make !== '' && model !== '',
    staleTime: BASE_STALE_TIME,
  });
}

/** What a VIN says (year, maker) and the vehicles of the base it may be; a mistyped VIN is a 400 with the reason. */
export function vinQuery(vin: string) {
  return {
    queryKey: keys.vin(vin),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch<VinAnswer>(`/api/vehicles/vin/${seg(vin)}`, { signal }),
    staleTime: BASE_STALE_TIME,
  };
}

export function useProductFitment(productId: string) {
  return useQuery(productFitmentQuery(productId));
}

/** A search that holds a digit may be a part number: an OE, interchange or old number of ours. */
export const looksLikePartNumber = (text: string) => /\d/.test(text) && normalisePartNumber(text) !== '';

/** The part a number leads to and how it matched; null when none does (404). */
export function usePartLookup(number: string) {
  return useQuery({
    queryKey: keys.partLookup(normalisePartNumber(number)),
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<PartLookup>(`/api/parts/lookup?${queryString({ number })}`, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: looksLikePartNumber(number),
  });
}

/** The numbers of parts for sale closest to this one, for a number nothing matched ("Did you mean …"). */
export function useNumberSuggestions(number: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: keys.numberSuggestions(normalisePartNumber(number)),
    queryFn: ({ signal }) => apiFetch<NumberSuggestion[]>(`/api/parts/suggestions?${queryString({ number })}`, { signal }),
    enabled: enabled && looksLikePartNumber(number),
  });
}

// ---- The signed-in buyer's garage, its changes (its list: queries.ts; a visitor's: garage.ts) -------

export const garageApi = {
  /** Adds a vehicle (again is no change); answers the garage. */
  add: (vehicleId: number) => apiFetch<Vehicle[]>(`/api/garage/${seg(vehicleId)}`, { method: 'PUT' }),
  remove: (vehicleId: number) => apiFetch<Vehicle[]>(`/api/garage/${seg(vehicleId)}`, { method: 'DELETE' }),
};
