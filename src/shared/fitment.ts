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

/** The model years the shop knows: cars from 1950 to the year after next (makers sell next year's models early). */
export const FIRST_YEAR = 1950;
export function lastYear(now = new Date()): number {
  return now.getUTCFullYear() + 2;
}

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
