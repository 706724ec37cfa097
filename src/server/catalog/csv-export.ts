/**
 * The catalog as a CSV file for a spreadsheet: one row per product the admins list (archived too), in
 * id order, read from the database a batch at a time so a large catalog never sits in memory whole.
 * The columns are shared with the import (csv-import.ts), which reads this file back.
 */
import { type Spec, specsToText } from '../../shared/catalog.js';
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import { centsToDollars } from '../../shared/money.js';
import { priceBreaksToText } from '../../shared/pricing.js';
import type { Executor, ProductRow } from '../db/schema.js';
import { csvFile } from '../http/csv.js';
import { listedProducts } from './product-rows.js';
import { priceBreaksOf } from './service.js';

/** New columns go at the end: a file written before them still imports (a column a file lacks changes nothing). */
export const CSV_COLUMNS = ['sku', 'name', 'description', 'price', 'stock', 'min', 'category', 'img', 'specs', 'active', 'packSize', 'priceBreaks', 'weightGrams', 'taxClass', 'coreCharge'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

const EXPORT_BATCH = 1000;

function productRecord(row: ProductRow): string[] {
  const cells: Record<CsvColumn, string> = {
    sku: row.sku,
    name: row.name,
    description: row.description,
    price: centsToDollars(row.price_cents).toFixed(2),
    stock: String(row.stock),
    min: String(row.min_quantity),
    category: row.category,
    img: row.img,
    specs: specsToText(JSON.parse(row.specs) as Spec[]),
    active: String(row.archived_at === null),
    packSize: String(row.pack_size),
    priceBreaks: priceBreaksToText(priceBreaksOf(row)),
    weightGrams: String(row.weight_grams),
    taxClass: row.tax_class,
    coreCharge: centsToDollars(row.core_charge_cents).toFixed(2),
  };
  return CSV_COLUMNS.map((column) => cells[column]);
}

/** The products a batch at a time (keyset on the id), other requests answered between batches (`ROWS_PER_YIELD`, csv-sheet.ts). */
async function* productRecords(db: Executor): AsyncGenerator<string[][]> {
  let afterId = 0;
  for (;;) {
    await yieldToOtherRequests();
    const rows = await listedProducts(db)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(EXPORT_BATCH)
      .execute();
    yield rows.map(productRecord);
    if (rows.length < EXPORT_BATCH) return;
    afterId = rows.at(-1)!.id;
  }
}

export function exportProductsCsv(db: Executor, { bom }: { bom: boolean }): AsyncGenerator<string> {
  return csvFile(CSV_COLUMNS, productRecords(db), { bom });
}
