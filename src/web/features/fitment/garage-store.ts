import { useSyncExternalStore } from 'react';
import type { Vehicle } from '../../../shared/api.js';
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

/** The stored garage, or an empty one when what is stored is not one (an older shape, a hand edit). */
function parse(raw: string | null): StoredGarage {
  try {
    const value = JSON.parse(raw ?? '') as Partial<StoredGarage>;
    if (Array.isArray(value.vehicles) && value.vehicles.every(isVehicle) && (value.current === null || isVehicle(value.current))) {
      return { vehicles: value.vehicles, current: value.current, owner: typeof value.owner === 'string' ? value.owner : '' };
    }
  } catch {}
  return EMPTY;
}

// Parsed once per stored text, so every reader gets the same object until it changes (useSyncExternalStore).
let cache: { raw: string | null; value: StoredGarage } = { raw: null, value: EMPTY };
const listeners = new Set<() => void>();

export function readGarage(): StoredGarage {
  let raw: string | null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    // No storage (a privacy mode): the garage lasts as long as the page.
    return cache.value;
  }
  if (raw !== cache.raw) cache = { raw, value: parse(raw) };
  return cache.value;
}

export function writeGarage(change: (stored: StoredGarage) => StoredGarage): void {
  const value = change(readGarage());
  const raw = JSON.stringify(value);
  cache = { raw, value };
  try {
    localStorage.setItem(KEY, raw);
  } catch {}
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  // Another tab's change arrives as a storage event.
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useStoredGarage(): StoredGarage {
  return useSyncExternalStore(subscribe, readGarage, () => EMPTY);
}

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
