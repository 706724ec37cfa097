import { useEffect } from 'react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.js';
import type { User, Vehicle } from '../../../shared/api.js';
import { errorText } from '../../lib/form-errors.js';
import { keys } from '../../lib/query-keys.js';
import { useAuth } from '../auth/auth-context.js';
import { garageApi } from './api.js';
import { readGarage, storedCurrent, useStoredGarage, writeGarage } from './garage-store.js';
import { garageQuery } from './queries.js';

/** My garage: the buyer's vehicles, one of them the one shopped for. */
export interface Garage {
  /** Newest first. */
  vehicles: Vehicle[];
  current: Vehicle | null;
  /** Adds a vehicle (again is no change) and shops for it. */
  choose(vehicle: Vehicle): void;
  /** Shops for a vehicle of the garage. */
  select(vehicle: Vehicle): void;
  /** Takes a vehicle out; when it was the one shopped for, the next one is. Answers the vehicle shopped for now. */
  remove(vehicle: Vehicle): Vehicle | null;
  clear(): void;
}

/**
 * The garage is the account's when signed in (GET/PUT/DELETE /api/garage), the browser's otherwise; which
 * vehicle is shopped for is the browser's either way. A visitor's vehicles move into the account at sign-in.
 * Without a stored choice, a signed-in buyer shops for the first vehicle of the account's garage.
 */
export function useGarage(): Garage {
  const { user, loading } = useAuth();
  const stored = useStoredGarage();
  const client = useQueryClient();
  const account = useQuery({ ...garageQuery, enabled: Boolean(user) });
  const pendingMerge = Boolean(user) && (stored.vehicles.length > 0 || (stored.current !== null && stored.owner === ''));
  useEffect(() => {
    if (user && pendingMerge) mergeIntoAccount(client, user);
  }, [client, user, pendingMerge]);

  const vehicles = user ? (account.data ?? []) : stored.vehicles;
  const current = storedCurrent(stored, user, loading) ?? (user ? (vehicles[0] ?? null) : null);
  const owner = user?._id ?? '';
  const shopFor = (vehicle: Vehicle | null) => writeGarage((garage) => ({ ...garage, current: vehicle, owner }));
  const others = (vehicle: Vehicle) => vehicles.filter((v) => v.id !== vehicle.id);

  /** The account's garage shown as it will be at once, then as the server answers (or as it was, on a refusal). */
  const change = (shown: Vehicle[], send: () => Promise<Vehicle[]>) => {
    client.setQueryData(keys.garage, shown);
    send().then(
      (answer) => client.setQueryData(keys.garage, answer),
      (error: unknown) => {
        toast.error(errorText(error));
        void client.invalidateQueries({ queryKey: keys.garage });
      },
    );
  };
  const keep = (next: Vehicle[]) => writeGarage((garage) => ({ ...garage, vehicles: next }));

  return {
    vehicles,
    current,
    choose(vehicle) {
      shopFor(vehicle);
      const next = [vehicle, ...others(vehicle)];
      if (user) change(next, () => garageApi.add(vehicle.id));
      else keep(next);
    },
    select: shopFor,
    remove(vehicle) {
      const next = others(vehicle);
      const shopping = current?.id === vehicle.id ? (next[0] ?? null) : current;
      shopFor(shopping);
      if (user) change(next, () => garageApi.remove(vehicle.id));
      else keep(next);
      return shopping;
    },
    clear() {
      shopFor(null);
      if (user) change([], () => Promise.all(vehicles.map((vehicle) => garageApi.remove(vehicle.id))).then(() => []));
      else keep([]);
    },
  };
}

// One merge at a time, however many components use the garage when the buyer signs in.
let merging: Promise<void> | null = null;

/** Moves the visitor's vehicles into the account, and hands the visitor's choice of vehicle to it. */
function mergeIntoAccount(client: QueryClient, user: User) {
  merging ??= (async () => {
    const visitor = readGarage();
    try {
      // Oldest first, so the account lists them in the order the visitor chose them.
      for (const vehicle of [...visitor.vehicles].reverse()) await garageApi.add(vehicle.id);
    } catch (error) {
      // A full garage (409): the rest stay out, and the buyer is told why.
      toast.error(errorText(error));
    }
    writeGarage((garage) => ({ ...garage, vehicles: [], owner: garage.owner === '' ? user._id : garage.owner }));
    await client.invalidateQueries({ queryKey: keys.garage });
  })().finally(() => {
    merging = null;
  });
}
