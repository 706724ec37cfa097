/**
 * The fitment-quality list (issue 61, "What staff see"): what the "doesn't fit" returns say about the
 * shop's fitment data. Returns own their lines, so the counting is here; a flow names the parts.
 */
import type { Executor } from '../db/schema.js';

export interface VehicleNamed {
  vehicleId: number;
  /** The vehicle as the buyer named it when returning (stored with the line). */
  label: string;
  /** Returns of the part naming this vehicle. */
  count: number;
  /** What our data said when the return was asked for, as stored with the line. */
  fitsByOurData: boolean;
}

export interface PartNotFitting {
  productId: number;
  /** Returns of the part for 'doesnt_fit'. */
  returns: number;
  /** Most named first. */
  vehicles: VehicleNamed[];
}

/**
 * Parts ranked by their 'doesnt_fit' returns (a rejected return is the shop saying the claim was wrong, so
 * it does not count), most first, each with the vehicles the buyers named. A vehicle appears once per
 * answer our data gave for it: a fix to the data between two returns shows as two entries.
 */
export async function partsNotFitting(db: Executor): Promise<PartNotFitting[]> {
  const rows = await db
    .selectFrom('return_lines')
    .innerJoin('returns', 'returns.id', 'return_lines.return_id')
    .where('return_lines.reason', '=', 'doesnt_fit')
    .where('returns.status', '!=', 'rejected')
    .where('return_lines.vehicle_id', 'is not', null)
    .select(['return_lines.product_id', 'return_lines.vehicle_id', 'return_lines.fits_by_our_data'])
    .select((eb) => [eb.fn.max('return_lines.vehicle_label').as('label'), eb.fn.countAll().as('count')])
    .groupBy(['return_lines.product_id', 'return_lines.vehicle_id', 'return_lines.fits_by_our_data'])
    .execute();

  const parts = new Map<number, PartNotFitting>();
  for (const row of rows) {
    const part = parts.get(row.product_id) ?? { productId: row.product_id, returns: 0, vehicles: [] };
    // PostgreSQL counts in bigint, which its driver hands over as text.
    const count = Number(row.count);
    part.returns += count;
    part.vehicles.push({ vehicleId: row.vehicle_id!, label: row.label ?? '', count, fitsByOurData: row.fits_by_our_data === 1 });
    parts.set(row.product_id, part);
  }
  const ranked = [...parts.values()].sort((a, b) => b.returns - a.returns || a.productId - b.productId);
  for (const part of ranked) part.vehicles.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label) || a.vehicleId - b.vehicleId);
  return ranked;
}
