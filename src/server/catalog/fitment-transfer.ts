/**
 * Applications and cross-reference numbers as CSV files, out and back in. A file lists the applications
 * (or the numbers) of the parts it names: each part it names ends up with exactly the file's rows for
 * it, and the parts it does not name keep theirs. A row with only a part number names the part with
 * none. The report counts parts: created (a part that had none gets some), updated (a part's list
 * changes), unchanged (the same list, in any order) — so an export imports back as all unchanged.
 * Every row is checked first, and a file with any problem writes nothing; the rows of the parts whose
 * list changes are checked again when written, in the caller's one transaction.
 */
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import type { Application, ProductNumber } from '../../shared/api.js';
import { normalisePartNumber } from '../../shared/catalog.js';
import { FIRST_YEAR, lastYear, POSITIONS, positionNamed } from '../../shared/fitment.js';
import { errorMessages } from '../../shared/messages.js';
import { type FITMENT_IMPORT_KINDS, fieldMessages, skuSchema } from '../../shared/schemas.js';
import { productNumberInputSchema, QUALIFIER_MAX, VEHICLE_NAME_MAX } from '../../shared/product-schemas.js';
import type { Executor, ProductRow } from '../db/schema.js';
import { csvFile } from '../http/csv.js';
import { applicationsOf, vehicleBaseCheck, writeApplications } from './applications.js';
import {
  type CheckedImport,
  checkedImport,
  type ColumnProblem,
  issueProblems,
  listedProblems,
  type Problem,
  readSheet,
  ROWS_PER_YIELD,
  type Sheet,
  type SheetRow,
} from './csv-sheet.js';
import { currentHolders, numberProblems, numbersOf, writeNumbers } from './numbers.js';
import { productsByPartNumber } from './service.js';

const m = errorMessages.fitmentImport;

export type FitmentKind = (typeof FITMENT_IMPORT_KINDS)[number];

/** New columns go at the end: a file written before them still imports (quantity 1, no part type). */
export const APPLICATION_COLUMNS = ['sku', 'year_from', 'year_to', 'make', 'model', 'submodel', 'engine', 'qualifier', 'position', 'qty', 'part_type'] as const;
export const NUMBER_COLUMNS = ['sku', 'type', 'brand', 'number'] as const;

/** Parts per export batch, and per query of an import's current applications or numbers. */
const PART_BATCH = 1000;

type Cells = Partial<Record<string, string>>;

interface Part<Item> {
  product: ProductRow;
  rows: { row: number; item: Item }[];
  /** Every row naming the part, as read (a row with only a part number too). */
  named: SheetRow<string>[];
}

/** What differs between the two kinds of file; the reading, checking, counting and writing around it is one. */
interface Kind<Item> {
  columns: readonly string[];
  /** Columns a file must have (the others may be left out: empty). */
  required: readonly string[];
  /** A row's application or number, or what is wrong with its cells. */
  read(cells: Cells): Promise<{ item: Item } | { problems: ColumnProblem[] }>;
  /** What is wrong with a part's rows taken together, for each of these parts. */
  partProblems(parts: Part<Item>[]): Promise<(part: Part<Item>) => Problem[]>;
  /** Two items with the same key are the same (compared to see whether a part's list changes). */
  key(item: Item): string;
  current(productIds: readonly number[]): Promise<Map<number, Item[]>>;
  write(parts: { productId: number; items: Item[] }[]): Promise<void>;
  record(sku: string, item: Item): string[];
}

function kindOf(db: Executor, kind: FitmentKind): Kind<unknown> {
  return (kind === 'numbers' ? numbersKind(db) : applicationsKind(db)) as Kind<unknown>;
}

// ---- Importing ------------------------------------------------------------------

/** Checks a file against the parts' lists as they are; the rows of the parts whose list changes are kept to be written. */
export async function checkFitmentCsv(db: Executor, kind: FitmentKind, csv: string): Promise<CheckedImport> {
  const { columns, required } = kindOf(db, kind);
  return checkSheet(db, kind, await readSheet(csv, columns, (header) => missingColumns(header, required)));
}

/** Rows given as cells by column (the demo data), checked as a file's would be. */
export function checkFitmentRecords(db: Executor, kind: FitmentKind, records: Cells[]): Promise<CheckedImport> {
  return checkSheet(db, kind, { rows: records.map((cells, i) => ({ row: i + 2, cells })), problems: [] });
}

function missingColumns(header: string[], required: readonly string[]): Problem[] {
  const missing = required.filter((column) => !header.includes(column));
  return missing.length === 0 ? [] : [{ row: 1, column: '', message: m.missingColumns(missing, required) }];
}

async function checkSheet(db: Executor, kind: FitmentKind, sheet: Sheet<string>): Promise<CheckedImport> {
  const check = await compareSheet(db, kindOf(db, kind), sheet);
  return checkedImport(check.report, async (trx) => {
    const again = await compareSheet(trx, kindOf(trx, kind), { rows: check.changed.flatMap((part) => part.named), problems: [] });
    if (again.report.errors.length === 0) await again.write();
    return again.report;
  });
}

/** A sheet's rows by part, checked, and compared with what each part has now: the report, and the parts whose list changes. */
async function compareSheet<Item>(db: Executor, kind: Kind<Item>, sheet: Sheet<string>) {
  const { parts, problems } = await readParts(db, kind, sheet);
  const { report, changed } = await compareParts(kind, [...parts.values()], problems);
  const write = () => kind.write(changed.map(({ product, rows }) => ({ productId: product.id, items: rows.map((r) => r.item) })));
  return { report: { ...report, errors: listedProblems(problems, kind.columns) }, changed, write };
}

/** Each part's rows checked together (their problems added to `problems`) and compared with what the part has now. */
async function compareParts<Item>(kind: Kind<Item>, parts: Part<Item>[], problems: Problem[]) {
  const problemsOf = await kind.partProblems(parts);
  const report = { created: 0, updated: 0, unchanged: 0 };
  const changed: Part<Item>[] = [];
  for (let i = 0; i < parts.length; i += PART_BATCH) {
    const batch = parts.slice(i, i + PART_BATCH);
    await yieldToOtherRequests();
    const current = await kind.current(batch.map((part) => part.product.id));
    for (const [index, part] of batch.entries()) {
      if (index > 0 && index % ROWS_PER_YIELD === 0) await yieldToOtherRequests();
      problems.push(...problemsOf(part));
      const before = current.get(part.product.id) ?? [];
      if (sameItems(before, part.rows.map((r) => r.item), kind.key)) report.unchanged += 1;
      else {
        report[before.length === 0 ? 'created' : 'updated'] += 1;
        changed.push(part);
      }
    }
  }
  return { report, changed };
}

/** The rows by the part they name, and the problems of single rows. */
async function readParts<Item>(db: Executor, kind: Kind<Item>, sheet: Sheet<string>) {
  const problems = [...sheet.problems];
  const products = await productsByPartNumber(db, sheet.rows.map((r) => normalisePartNumber(r.cells.sku ?? '')));
  const parts = new Map<number, Part<Item>>();
  for (const [index, sheetRow] of sheet.rows.entries()) {
    if (index % ROWS_PER_YIELD === 0) await yieldToOtherRequests();
    const { row, cells } = sheetRow;
    const product = partNamed(cells.sku?.trim() ?? '', products);
    if ('problem' in product) {
      problems.push({ row, column: 'sku', message: product.problem });
      continue;
    }
    const part = parts.get(product.id) ?? { product, rows: [], named: [] };
    parts.set(product.id, part);
    part.named.push(sheetRow);
    if (kind.columns.every((column) => column === 'sku' || (cells[column] ?? '').trim() === '')) continue;
    const read = await kind.read(cells);
    if ('problems' in read) problems.push(...read.problems.map(([column, message]) => ({ row, column, message })));
    else part.rows.push({ row, item: read.item });
  }
  return { parts, problems };
}

function partNamed(sku: string, products: Map<string, ProductRow>): ProductRow | { problem: string } {
  if (sku === '') return { problem: m.skuRequired };
  const checked = skuSchema.safeParse(sku);
  if (!checked.success) return { problem: checked.error.issues[0]!.message };
  const product = products.get(normalisePartNumber(sku));
  if (!product) return { problem: m.skuUnknown(sku) };
  if (product.hidden_at) return { problem: errorMessages.catalogImport.skuOfRemovedPart(sku) };
  return product;
}

function sameItems<Item>(a: Item[], b: Item[], key: (item: Item) => string): boolean {
  const keys = (items: Item[]) => JSON.stringify(items.map(key).sort());
  return keys(a) === keys(b);
}

// ---- Applications ------------------------------------------------------------------

function applicationsKind(db: Executor): Kind<Application> {
  const inBase = vehicleBaseCheck(db);
  const baseColumns = { model: 'model', yearFrom: 'year_from' } as const;
  const kind: Kind<Application> = {
    columns: APPLICATION_COLUMNS,
    required: ['sku', 'year_from', 'year_to', 'make', 'model'],
    read: async (cells) => {
      const text = (column: string) => (cells[column] ?? '').trim();
      const problems: ColumnProblem[] = [];
      const yearFrom = modelYear(text('year_from'));
      const yearTo = modelYear(text('year_to'));
      if (yearFrom === undefined) problems.push(['year_from', fieldMessages.yearInvalid]);
      if (yearTo === undefined) problems.push(['year_to', fieldMessages.yearInvalid]);
      const years = yearFrom !== undefined && yearTo !== undefined && yearFrom <= yearTo;
      if (yearFrom !== undefined && yearTo !== undefined && !years) problems.push(['year_to', m.yearsReversed(yearFrom, yearTo)]);
      const [make, model] = [text('make'), text('model')];
      if (make === '') problems.push(['make', m.makeRequired]);
      if (model === '') problems.push(['model', m.modelRequired]);
      for (const [column, max] of [['submodel', VEHICLE_NAME_MAX], ['engine', VEHICLE_NAME_MAX], ['qualifier', QUALIFIER_MAX]] as const) {
        if (text(column).length > max) problems.push([column, fieldMessages.tooLong(max)]);
      }
      const position = positionNamed(text('position'));
      if (position === undefined) problems.push(['position', m.positionInvalid(POSITIONS.filter((p) => p !== ''))]);
      const quantity = text('qty') === '' ? 1 : wholeNumber(text('qty'), 1);
      if (quantity === undefined) problems.push(['qty', m.quantityInvalid]);
      const partTypeId = text('part_type') === '' ? null : wholeNumber(text('part_type'), 1);
      if (partTypeId === undefined) problems.push(['part_type', m.partTypeInvalid]);
      const base = make && model ? await inBase(make, model, years ? { yearFrom, yearTo } : undefined) : undefined;
      if (base && 'field' in base) problems.push([baseColumns[base.field], base.message]);
      if (problems.length > 0 || !base || 'field' in base) return { problems };
      const item = { yearFrom: yearFrom!, yearTo: yearTo!, make: base.make, model: base.model, submodel: text('submodel'), engine: text('engine') };
      return { item: { ...item, qualifier: text('qualifier'), position: position!, quantity: quantity!, partTypeId: partTypeId! } };
    },
    partProblems: async () => ({ rows }) => {
      const firstRowOf = new Map<string, number>();
      return rows.flatMap(({ row, item }) => {
        const first = firstRowOf.get(kind.key(item));
        if (first === undefined) firstRowOf.set(kind.key(item), row);
        return first === undefined ? [] : [{ row, column: '', message: m.applicationRepeated(first) }];
      });
    },
    key: (a) => JSON.stringify([a.yearFrom, a.yearTo, a.make, a.model, a.submodel, a.engine, a.qualifier, a.position, a.quantity, a.partTypeId]),
    current: (ids) => applicationsOf(db, ids),
    write: (parts) => writeApplications(db, parts.map(({ productId, items }) => ({ productId, applications: items }))),
    record: (sku, a) => [sku, String(a.yearFrom), String(a.yearTo), a.make, a.model, a.submodel, a.engine, a.qualifier, a.position, String(a.quantity), a.partTypeId === null ? '' : String(a.partTypeId)],
  };
  return kind;
}

/** A whole number of at least `min` (and at most a 32-bit column's), written in digits. */
function wholeNumber(text: string, min: number): number | undefined {
  const value = Number(text);
  return /^\d{1,9}$/.test(text) && value >= min ? value : undefined;
}

function modelYear(text: string): number | undefined {
  const year = Number(text);
  return /^\d{4}$/.test(text) && year >= FIRST_YEAR && year <= lastYear() ? year : undefined;
}

// ---- Numbers ------------------------------------------------------------------

function numbersKind(db: Executor): Kind<ProductNumber> {
  return {
    columns: NUMBER_COLUMNS,
    required: ['sku', 'type', 'number'],
    read: async (cells) => {
      const checked = productNumberInputSchema.safeParse({ type: (cells.type ?? '').trim().toLowerCase(), brand: cells.brand ?? '', number: cells.number ?? '' });
      return checked.success ? { item: checked.data } : { problems: issueProblems(checked.error.issues) };
    },
    partProblems: async (parts) => {
      const holders = await currentHolders(db, parts.flatMap((part) => part.rows.map((r) => r.item)));
      return ({ product, rows }) =>
        numberProblems(product.id, rows.map((r) => r.item), holders).map(({ index, message }) => ({ row: rows[index]!.row, column: 'number', message }));
    },
    key: (n) => JSON.stringify([n.type, n.brand, n.number]),
    current: (ids) => numbersOf(db, ids),
    write: (parts) => writeNumbers(db, parts.map(({ productId, items }) => ({ productId, numbers: items }))),
    record: (sku, n) => [sku, n.type, n.brand, n.number],
  };
}

// ---- Exporting ------------------------------------------------------------------

/** Every listed part's applications (or numbers), by part in id order, a batch of parts at a time. */
export function exportFitmentCsv(db: Executor, kind: FitmentKind, { bom }: { bom: boolean }): AsyncGenerator<string> {
  const k = kindOf(db, kind);
  return csvFile(k.columns, fitmentRecords(db, k), { bom });
}

async function* fitmentRecords<Item>(db: Executor, kind: Kind<Item>): AsyncGenerator<string[][]> {
  let afterId = 0;
  for (;;) {
    await yieldToOtherRequests();
    const products = await db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where('hidden_at', 'is', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(PART_BATCH)
      .execute();
    const items = await kind.current(products.map((p) => p.id));
    yield products.flatMap(({ id, sku }) => (items.get(id) ?? []).map((item) => kind.record(sku, item)));
    if (products.length < PART_BATCH) return;
    afterId = products.at(-1)!.id;
  }
}
