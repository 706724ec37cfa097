/** The vehicle base (what cars exist, year by year) and each buyer's garage. Other domains read vehicles through here. */
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Vehicle, VinAnswer } from '../../shared/api.js';
import { NO_VCDB_IDS, type VcdbIds, type VehicleIdentity } from '../../shared/fitment.js';
import { errorMessages } from '../../shared/messages.js';
import { type Database, type Executor, inTransaction, now, type VehiclesTable } from '../db/schema.js';
import { conflict, notFound } from '../http/errors.js';
import type { VinDecoding } from './vin.js';

/** Vehicles one account may keep in its garage. */
export const GARAGE_MAX = 10;

/** The columns of a vehicle answer. */
export const VEHICLE_COLUMNS = ['id', 'year', 'make', 'model', 'submodel', 'engine', 'base_vehicle_id', 'make_id', 'model_id', 'sub_model_id', 'engine_base_id'] as const;
type VehicleRow = Pick<Selectable<VehiclesTable>, (typeof VEHICLE_COLUMNS)[number]>;

export function toVehicleDto(row: VehicleRow): Vehicle {
  return {
    id: row.id,
    year: row.year,
    make: row.make,
    model: row.model,
    submodel: row.submodel,
    engine: row.engine,
    baseVehicleId: row.base_vehicle_id,
    makeId: row.make_id,
    modelId: row.model_id,
    subModelId: row.sub_model_id,
    engineBaseId: row.engine_base_id,
  };
}

/** A make or model as typed, in any case: "toyota" is the base's "Toyota" (both sides lowered by the database itself). */
const spelled = (column: 'make' | 'model', value: string) => (eb: ExpressionBuilder<Database, 'vehicles'>) =>
  eb(eb.fn('lower', [column]), '=', eb.fn('lower', [eb.val(value.trim())]));

export interface VehicleFilter {
  year?: number;
  make?: string;
  model?: string;
}

function vehiclesWhere(db: Executor, { year, make, model }: VehicleFilter) {
  let query = db.selectFrom('vehicles');
  if (year !== undefined) query = query.where('year', '=', year);
  if (make !== undefined) query = query.where(spelled('make', make));
  if (model !== undefined) query = query.where(spelled('model', model));
  return query;
}

// Names sort the same on both databases, numbers by value: "3 Series" before "X5", "F-150" before "F-250".
const names = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Newest year first, then make, model, trim and engine by name. */
function byVehicle(a: Vehicle, b: Vehicle): number {
  return (
    b.year - a.year ||
    names.compare(a.make, b.make) ||
    names.compare(a.model, b.model) ||
    names.compare(a.submodel, b.submodel) ||
    names.compare(a.engine, b.engine)
  );
}

/** A vehicle of the base, or undefined. */
export async function findVehicle(db: Executor, id: number): Promise<Vehicle | undefined> {
  const vehicle = await db.selectFrom('vehicles').select(VEHICLE_COLUMNS).where('id', '=', id).executeTakeFirst();
  return vehicle && toVehicleDto(vehicle);
}

/** A vehicle of the base, or 404. */
export async function getVehicle(db: Executor, id: number): Promise<Vehicle> {
  const vehicle = await findVehicle(db, id);
  if (!vehicle) throw notFound('Vehicle');
  return vehicle;
}

/**
 * The base's own spelling of a make and model typed any case ("toyota corolla" → "Toyota", "Corolla"),
 * with the years it has them; undefined when the base has no such model.
 */
export async function findModel(db: Executor, make: string, model: string): Promise<{ make: string; model: string; years: number[] } | undefined> {
  const rows = await vehiclesWhere(db, { make, model }).select(['make', 'model', 'year']).orderBy('year').execute();
  if (rows.length === 0) return undefined;
  return { make: rows[0]!.make, model: rows[0]!.model, years: [...new Set(rows.map((r) => r.year))] };
}

/** The model years the base has, newest first. */
export async function vehicleYears(db: Executor): Promise<number[]> {
  const rows = await db.selectFrom('vehicles').select('year').distinct().orderBy('year', 'desc').execute();
  return rows.map((row) => row.year);
}

/** The makes of a year (of every year without one), by name. */
export async function vehicleMakes(db: Executor, year?: number): Promise<string[]> {
  const rows = await vehiclesWhere(db, { year }).select('make').distinct().execute();
  return rows.map((row) => row.make).sort(names.compare);
}

/** The models of a make in a year (in any year without one), by name. */
export async function vehicleModels(db: Executor, filter: { year?: number; make: string }): Promise<string[]> {
  const rows = await vehiclesWhere(db, filter).select('model').distinct().execute();
  return rows.map((row) => row.model).sort(names.compare);
}

/** The vehicles that match every filter given: newest first, then by make, model, trim and engine. */
export async function listVehicles(db: Executor, filter: VehicleFilter): Promise<Vehicle[]> {
  const rows = await vehiclesWhere(db, filter).selectAll().execute();
  return rows.map(toVehicleDto).sort(byVehicle);
}

export async function hasAnyVehicle(db: Executor): Promise<boolean> {
  return (await db.selectFrom('vehicles').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Adds vehicles to the base (each year × make × model × trim × engine once), with their VCdb ids when known. */
export async function createVehicles(db: Executor, vehicles: readonly (VehicleIdentity & Partial<VcdbIds>)[]): Promise<Vehicle[]> {
  const created: Vehicle[] = [];
  // A few hundred rows per statement keeps under either database's limit on bound values.
  for (let start = 0; start < vehicles.length; start += 500) {
    const rows = vehicles.slice(start, start + 500).map(({ year, make, model, submodel, engine, ...ids }) => ({
      year, make, model, submodel, engine, ...vcdbColumns({ ...NO_VCDB_IDS, ...ids }),
    }));
    created.push(...(await db.insertInto('vehicles').values(rows).returningAll().execute()).map(toVehicleDto));
  }
  return created;
}

/** VCdb ids as the vehicles table names them. */
export function vcdbColumns(ids: VcdbIds) {
  return { base_vehicle_id: ids.baseVehicleId, make_id: ids.makeId, model_id: ids.modelId, sub_model_id: ids.subModelId, engine_base_id: ids.engineBaseId };
}

// ---- VIN -----------------------------------------------------------------------------------------

/** "3-Series" is our "3 Series" and "Silverado" our "Silverado 1500": letters and digits compared, one may extend the other. */
function sameModel(ours: string, decoded: string): boolean {
  const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
  const [a, b] = [key(ours), key(decoded)];
  return a !== '' && b !== '' && (a.startsWith(b) || b.startsWith(a));
}

/**
 * The vehicles of the base a decoded VIN may be: those of its year and make, narrowed to its model when
 * the decoder knows it, and to its engine when the displacement picks some out ("1.8L" → "1.8L I4").
 * The make is answered as the base spells it.
 */
export async function matchVin(db: Executor, vin: string, decoding: VinDecoding): Promise<VinAnswer> {
  const spelling = await vehiclesWhere(db, { make: decoding.make }).select('make').limit(1).executeTakeFirst();
  const ofMake = await listVehicles(db, { year: decoding.year, make: decoding.make });
  const { model, engine } = decoding;
  const ofModel = model === undefined ? ofMake : ofMake.filter((vehicle) => sameModel(vehicle.model, model));
  const ofEngine = engine === undefined ? [] : ofModel.filter((vehicle) => vehicle.engine.toLowerCase().startsWith(engine.toLowerCase()));
  return { vin, year: decoding.year, make: spelling?.make ?? decoding.make, vehicles: ofEngine.length > 0 ? ofEngine : ofModel };
}

// ---- Garage --------------------------------------------------------------------------------------

/** An account's garage, ordered like every list of vehicles (newest first, then by name). */
export async function garageOf(db: Executor, userId: number): Promise<Vehicle[]> {
  const rows = await db
    .selectFrom('garage_vehicles')
    .innerJoin('vehicles', 'vehicles.id', 'garage_vehicles.vehicle_id')
    .selectAll('vehicles')
    .where('garage_vehicles.user_id', '=', userId)
    .execute();
  return rows.map(toVehicleDto).sort(byVehicle);
}

/** Adds a vehicle of the base to the garage (a vehicle already there stays as it is); 409 past GARAGE_MAX. */
export async function addToGarage(db: Executor, userId: number, vehicleId: number): Promise<Vehicle[]> {
  return inTransaction(db, async (trx) => {
    await getVehicle(trx, vehicleId);
    const garage = await garageOf(trx, userId);
    if (garage.some((vehicle) => vehicle.id === vehicleId)) return garage;
    if (garage.length >= GARAGE_MAX) throw conflict('garage_full', errorMessages.vehicles.garageFull(GARAGE_MAX));
    await trx
      .insertInto('garage_vehicles')
      .values({ user_id: userId, vehicle_id: vehicleId, created_at: now() })
      .onConflict((oc) => oc.columns(['user_id', 'vehicle_id']).doNothing())
      .execute();
    return garageOf(trx, userId);
  });
}

/** Takes a vehicle of the base out of the garage (nothing to do when it is not there). */
export async function removeFromGarage(db: Executor, userId: number, vehicleId: number): Promise<Vehicle[]> {
  await getVehicle(db, vehicleId);
  await db.deleteFrom('garage_vehicles').where('user_id', '=', userId).where('vehicle_id', '=', vehicleId).execute();
  return garageOf(db, userId);
}

// ---- VCdb ids ------------------------------------------------------------------------------------

/** Every vehicle of the base with its ids, by id (the base is one row per year, trim and engine: thousands, not millions). */
export async function allVehicles(db: Executor): Promise<Vehicle[]> {
  return (await db.selectFrom('vehicles').select(VEHICLE_COLUMNS).orderBy('id').execute()).map(toVehicleDto);
}

/** Gives vehicles these VCdb ids (the caller checked them). */
export async function setVcdbIds(db: Executor, changes: readonly { id: number; ids: VcdbIds }[]): Promise<void> {
  for (const { id, ids } of changes) await db.updateTable('vehicles').set(vcdbColumns(ids)).where('id', '=', id).execute();
}
