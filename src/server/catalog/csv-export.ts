/**
 * The catalog as a CSV file for a spreadsheet: one row per product the admins list (archived too), in
 * id order, read from the database a batch at a time so a large catalog never sits in memory whole.
 * The columns and the cell guard are shared with the import (csv-import.ts), which reads this file back.
 */
import { stringify } from 'csv-stringify/sync';
import { type Spec, specsToText } from '../../shared/catalog.js';
import { centsToDollars } from '../../shared/money.js';
import type { Executor, ProductRow } from '../db/schema.js';

export const CSV_COLUMNS = ['sku', 'name', 'description', 'price', 'stock', 'min', 'category', 'img', 'specs', 'active'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

const EXPORT_BATCH = 1000;
const UTF8_BOM = '\uFEFF';

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return before them) as a
 * formula; a leading quote makes it text (OWASP, CSV injection). A cell that already starts with quotes
 * before such a character gets one more, so that `unguardCell` gives back exactly what was written.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;

export function guardCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function unguardCell(text: string): string {
  return GUARDED.test(text) ? text.slice(1) : text;
}

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
  };
  return CSV_COLUMNS.map((column) => guardCell(cells[column]));
}

/** CRLF between rows, as RFC 4180 and Excel write them; a cell with any line break in it is quoted. */
function csvLines(records: string[][]): string {
  return stringify(records, { record_delimiter: 'windows', quote_record_delimiter: true });
}

/** The file's text, piece by piece: the header, then the products a batch at a time (keyset on the id). */
export async function* exportProductsCsv(db: Executor, { bom }: { bom: boolean }): AsyncGenerator<string> {
  yield (bom ? UTF8_BOM : '') + csvLines([[...CSV_COLUMNS]]);
  let afterId = 0;
  for (;;) {
    const rows = await db
      .selectFrom('products')
      .selectAll()
      .where('hidden_at', 'is', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(EXPORT_BATCH)
      .execute();
    if (rows.length > 0) yield csvLines(rows.map(productRecord));
    if (rows.length < EXPORT_BATCH) return;
    afterId = rows.at(-1)!.id;
  }
}

/** `partsmith-products-2025-06-01.csv`, dated the day of the export (UTC). */
export function exportFileName(at: Date): string {
  return `partsmith-products-${at.toISOString().slice(0, 10)}.csv`;
}
