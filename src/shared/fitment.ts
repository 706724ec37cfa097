/**
 * Fitment rules, written once: which vehicles an application covers, where on the car a part goes, the
 * kinds of numbers that lead to our part (VINs: vin.ts).
 */

export const PART_NUMBER_TYPES = ['oe', 'interchange', 'superseded'] as const;
export type PartNumberType = (typeof PART_NUMBER_TYPES)[number];
export const PART_NUMBER_TYPE_LABELS: Record<PartNumberType | 'sku', string> = {
  sku: 'our part number',
  oe: 'OE number',
  interchange: 'interchange number',
  superseded: 'superseded number',
};

/** Where on the car a part goes (ACES positions, simplified); empty when it does not matter. */
export const POSITIONS = ['', 'Front', 'Rear', 'Left', 'Right', 'Front Left', 'Front Right', 'Rear Left', 'Rear Right'] as const;

/**
 * The PCdb (the Auto Care Association's parts database) ids of the common positions, as ACES files give
 * them; a position id not listed here is kept as "Position <id>" so an export gives the file's id back.
 */
export const PCDB_POSITIONS: Readonly<Record<number, (typeof POSITIONS)[number]>> = {
  1: 'Front',
  2: 'Rear',
  3: 'Left',
  4: 'Right',
  12: 'Front Left',
  13: 'Front Right',
  14: 'Rear Left',
  15: 'Rear Right',
};
const UNLISTED_POSITION = /^Position (\d{1,9})$/;

/** An ACES Position id as an application's position. */
export function positionOfPcdbId(id: number): string {
  return PCDB_POSITIONS[id] ?? `Position ${id}`;
}

/** An application's position as an ACES Position id; undefined when it has none ("" or a name PCdb lacks). */
export function pcdbIdOfPosition(position: string): number | undefined {
  const unlisted = UNLISTED_POSITION.exec(position);
  if (unlisted) return Number(unlisted[1]);
  const found = Object.entries(PCDB_POSITIONS).find(([, name]) => name === position);
  return found ? Number(found[0]) : undefined;
}

/** A position as typed ("front left", "Position 1234"), spelled as applications keep it; undefined when not one. */
export function positionNamed(text: string): string | undefined {
  const trimmed = text.trim();
  const unlisted = /^position (\d{1,9})$/i.exec(trimmed);
  if (unlisted) return positionOfPcdbId(Number(unlisted[1]));
  return POSITIONS.find((p) => p.toLowerCase() === trimmed.toLowerCase());
}

/** The model years the shop knows: cars from 1950 to the year after next (makers sell next year's models early). */
export const FIRST_YEAR = 1950;
export function lastYear(now = new Date()): number {
  return now.getUTCFullYear() + 2;
}

/** The VCdb's ids of a vehicle, as every vehicle answer carries them (null: not known). */
export const VCDB_ID_FIELDS = ['baseVehicleId', 'makeId', 'modelId', 'subModelId', 'engineBaseId'] as const;
export type VcdbIds = Record<(typeof VCDB_ID_FIELDS)[number], number | null>;
export const NO_VCDB_IDS: VcdbIds = { baseVehicleId: null, makeId: null, modelId: null, subModelId: null, engineBaseId: null };

/**
 * The demo vehicles' made-up VCdb ids: all in this range, far above any id the real VCdb uses, so a shop
 * that imports its licensed mapping (POST /api/fitment/import?kind=vcdb) replaces every one of them.
 */
export const DEMO_VCDB_IDS = { from: 9_000_000, to: 9_999_999 } as const;

export interface VehicleIdentity {
  year: number;
  make: string;
  model: string;
  submodel: string;
  engine: string;
}

export interface ApplicationRange {
  yearFrom: number;
  yearTo: number;
  make: string;
  model: string;
  /** Empty: any submodel, any engine. */
  submodel: string;
  engine: string;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether an application covers a vehicle: its make and model, a year in the range (both ends included), and its submodel and engine when the application names one. */
export function applicationFits(application: ApplicationRange, vehicle: VehicleIdentity): boolean {
  return (
    same(application.make, vehicle.make) &&
    same(application.model, vehicle.model) &&
    application.yearFrom <= vehicle.year &&
    vehicle.year <= application.yearTo &&
    (application.submodel === '' || same(application.submodel, vehicle.submodel)) &&
    (application.engine === '' || same(application.engine, vehicle.engine))
  );
}

/** "2015 Toyota Corolla", with the trim and engine when asked. */
export function vehicleName(vehicle: VehicleIdentity, detailed = false): string {
  const base = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  if (!detailed) return base;
  return [base, vehicle.submodel, vehicle.engine].filter((part) => part !== '').join(' ');
}
