import type { Vehicle } from '../../../shared/api.js';
import { storedValue } from '../../lib/stored-value.js';
import { useAuth } from '../auth/auth-context.js';

/**
 * What the browser keeps of the garage, in localStorage: a visitor's vehicles, and the vehicle shopped for
 * on this device. Small on purpose: the home page reads it (useCurrentVehicle) within its JavaScript budget;
 * the account's garage and its changes are garage.ts.
 */
export interface StoredGarage {
  /** A visitor's garage, newest first; moved into the account when the visitor signs in. */
  vehicles: Vehicle[];
  /** The vehicle shopped for. */
  current: Vehicle | null;
  /** Who chose it: an account's id, or '' for a visitor (whose choice the account that signs in takes over). */
  owner: string;
}

const KEY = 'partsmith:garage';
const EMPTY: StoredGarage = { vehicles: [], current: null, owner: '' };

const isVehicle = (value: unknown): value is Vehicle =>
  typeof value === 'object' && value !== null && typeof (value as Vehicle).id === 'number' && typeof (value as Vehicle).model === 'string';

function parse(value: unknown): StoredGarage | null {
  const garage = value as Partial<StoredGarage> | null;
  if (!garage || !Array.isArray(garage.vehicles) || !garage.vehicles.every(isVehicle)) return null;
  if (garage.current !== null && !isVehicle(garage.current)) return null;
  return { vehicles: garage.vehicles, current: garage.current ?? null, owner: typeof garage.owner === 'string' ? garage.owner : '' };
}

const stored = storedValue(KEY, parse, EMPTY);
export const readGarage = stored.read;
export const writeGarage = stored.write;
export const useStoredGarage = stored.use;

/**
 * The vehicle stored as shopped for, when it is the present user's: a visitor's choice is anyone's (the
 * account that signs in takes it over), an account's is not shown once it signs out. While the sign-in is
 * being checked, the stored one.
 */
export function storedCurrent(stored: StoredGarage, user: { _id: string } | null, checking: boolean): Vehicle | null {
  return stored.owner === '' || stored.owner === user?._id || checking ? stored.current : null;
}

/** The vehicle shopped for as the browser remembers it (the account's garage is not asked). */
export function useCurrentVehicle(): Vehicle | null {
  const { user, loading } = useAuth();
  return storedCurrent(useStoredGarage(), user, loading);
}
