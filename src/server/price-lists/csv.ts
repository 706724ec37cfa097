/**
 * A list's fixed prices as a spreadsheet: columns exactly `sku,price,minQuantity`, one fixed price a
 * row, dollars per unit. The import reads the whole file first: any problem and nothing is saved (400
 * naming the row, the header being row 1).
 */
import { parse } from 'csv-parse/sync';
import { normalisePartNumber } from '../../shared/catalog.js';
import { dollarsToCents, hasAtMostTwoDecimals } from '../../shared/money.js';
import { priceListMessages as m } from '../../shared/price-lists-copy.js';
import { listedProductsById, productsByPartNumber } from '../catalog/service.js';
import type { Executor } from '../db/schema.js';
import { csvFile, unguardCell } from '../http/csv.js';
import { badRequest } from '../http/errors.js';
import type { FixedPrice, StoredPriceList } from './service.js';

export const PRICE_CSV_COLUMNS = ['sku', 'price', 'minQuantity'] as const;
/** At most as many fixed prices as the JSON form takes. */
export const PRICE_CSV_MAX_ROWS = 20_000;

/** The file of a list's fixed prices, sorted as the list answers them. */
export function priceListCsv(list: StoredPriceList): AsyncGenerator<string> {
  async function* one() {
    yield list.prices.map((price) => [price.sku, price.price.toFixed(2), String(price.minQuantity)]);
  }
  return csvFile(PRICE_CSV_COLUMNS, one(), { bom: false });
}

const rowProblem = (row: number, problem: string) => {
  const message = m.csvRow(row, problem);
  return badRequest(message, { [`row ${row}`]: message });
};

/** The fixed prices a file gives, each part found by its number however spelled; 400 naming the first bad row. */
export async function fixedPricesOfCsv(db: Executor, csv: string): Promise<FixedPrice[]> {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch {
    throw badRequest(m.csvUnreadable);
  }
  const [header, ...rows] = records;
  if (!header || header.join(',') !== PRICE_CSV_COLUMNS.join(',')) throw badRequest(m.csvHeader(PRICE_CSV_COLUMNS.join(',')));
  if (rows.length > PRICE_CSV_MAX_ROWS) throw badRequest(m.csvTooManyRows(PRICE_CSV_MAX_ROWS));
  const cells = rows.map((row) => row.map((cell) => unguardCell(cell)));
  const byNumber = await productsByPartNumber(db, cells.map((row) => normalisePartNumber(row[0] ?? '')));
  const listed = await listedProductsById(db, [...new Set([...byNumber.values()].map((product) => product.id))]);
  const seen = new Set<string>();
  return cells.map(([sku = '', priceText = '', minText = ''], i) => {
    const row = i + 2;
    const product = byNumber.get(normalisePartNumber(sku));
    if (!product || !listed.has(product.id)) throw rowProblem(row, m.csvUnknownSku(sku));
    const price = priceText === '' ? NaN : Number(priceText.replace(/^\$\s*/, ''));
    if (!Number.isFinite(price) || price <= 0 || price > 999_999.99 || !hasAtMostTwoDecimals(price)) throw rowProblem(row, m.csvPrice);
    const minQuantity = minText === '' ? 1 : Number(minText);
    if (!Number.isInteger(minQuantity) || minQuantity < 1 || minQuantity > 1_000_000) throw rowProblem(row, m.csvMinQuantity);
    const key = `${product.id}|${minQuantity}`;
    if (seen.has(key)) throw rowProblem(row, m.csvRepeated);
    seen.add(key);
    return { productId: product.id, minQuantity, priceCents: dollarsToCents(price) };
  });
}
