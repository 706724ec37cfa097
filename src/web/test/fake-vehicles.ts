import type { Vehicle } from '../../shared/api.js';
import { NO_VCDB_IDS } from '../../shared/fitment.js';
import type { FakeAnswer } from './fake-answers.js';

const vehicle = (id: number, year: number, make: string, model: string, submodel: string, engine: string): Vehicle => ({
  id,
  year,
  make,
  model,
  submodel,
  engine,
  ...NO_VCDB_IDS,
});

/** A small vehicle base: two 2015 Corollas (one engine, two trims), a 2015 Camry and Civic, a 2016 Corolla. */
export const corollaLe = vehicle(1, 2015, 'Toyota', 'Corolla', 'LE', '1.8L I4');
export const corollaS = vehicle(2, 2015, 'Toyota', 'Corolla', 'S', '1.8L I4');
export const camry = vehicle(3, 2015, 'Toyota', 'Camry', 'LE', '2.5L I4');
export const civic = vehicle(4, 2015, 'Honda', 'Civic', 'EX', '1.8L I4');
export const corolla2016 = vehicle(5, 2016, 'Toyota', 'Corolla', 'LE', '1.8L I4');
export const VEHICLE_BASE = [corollaLe, corollaS, camry, civic, corolla2016];

const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * The vehicle base answered step by step as the server does: `/api/vehicles/years` (newest first),
 * `/makes?year=`, `/models?year=&make=` (sorted), `/api/vehicles?year=&make=&model=`. Other calls: undefined.
 */
export function serveVehicleBase(url: string): FakeAnswer | undefined {
  const { pathname, searchParams } = new URL(url, 'http://shop.test');
  const year = Number(searchParams.get('year'));
  const make = searchParams.get('make');
  const model = searchParams.get('model');
  const ofYear = VEHICLE_BASE.filter((v) => v.year === year);
  if (pathname === '/api/vehicles/years') return { status: 200, body: unique(VEHICLE_BASE.map((v) => v.year)).sort((a, b) => b - a) };
  if (pathname === '/api/vehicles/makes') return { status: 200, body: unique(ofYear.map((v) => v.make)).sort() };
  if (pathname === '/api/vehicles/models') return { status: 200, body: unique(ofYear.filter((v) => v.make === make).map((v) => v.model)).sort() };
  if (pathname === '/api/vehicles') return { status: 200, body: ofYear.filter((v) => v.make === make && v.model === model) };
  return undefined;
}

/** The signed-in buyer's garage (GET, PUT /:vehicleId, DELETE /:vehicleId), newest first, starting with `vehicles`. */
export function fakeAccountGarage(vehicles: Vehicle[] = []) {
  let garage = [...vehicles];
  return (url: string, init: RequestInit): FakeAnswer | undefined => {
    const match = /^\/api\/garage(?:\/(\d+))?$/.exec(url);
    if (!match) return undefined;
    const id = Number(match[1]);
    if (init.method === 'PUT') garage = [VEHICLE_BASE.find((v) => v.id === id)!, ...garage.filter((v) => v.id !== id)];
    if (init.method === 'DELETE') garage = garage.filter((v) => v.id !== id);
    return { status: 200, body: garage };
  };
}
