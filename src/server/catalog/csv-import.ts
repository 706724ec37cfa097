/**
 * A CSV file (as the export writes it, or as someone edited it) into the catalog: a row whose part
 * number the catalog has, however spelled, updates that part (archived too); any other row adds one.
 * Every row is checked with the product form's rules and messages, and a file with any problem writes
 * nothing. The check reads the file a batch at a time and keeps only the rows that add or change a part
 * (a large unchanged file never sits in memory whole); writing checks again those whose part changed
 * since (PlannedChanges) and writes them a batch at a time in the caller's one transaction, which must
 * roll back a report with problems.
 */
import { hash } from 'node:crypto';
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { IMPORT_LISTED_CHANGES_MAX, type ImportRowChange, type Product, type ProductImportReport } from '../../shared/api.js';
import { importCopy } from '../../shared/back-office-copy.js';
import { categoryOf, findCategory, normalisePartNumber, type Spec, specsFromText, specsToText } from '../../shared/catalog.js';
import { formatDollars, formatQuantity } from '../../shared/format.js';
import { errorMessages } from '../../shared/messages.js';
import { type PriceBreak, priceBreaksFromText, priceBreaksToText } from '../../shared/pricing.js';
import { fieldMessages, skuSchema } from '../../shared/schemas.js';
import { type ProductInput, productInputSchema, type ProductPatch, productPatchSchema, tiersBelowPrice } from '../../shared/product-schemas.js';
import type { Executor, ProductRow } from '../db/schema.js';
import { csvFile } from '../http/csv.js';
import { CSV_COLUMNS, type CsvColumn } from './csv-export.js';
import {
  batchesOf,
  type CheckedImport,
  checkedImport,
  type ColumnProblem,
  inBatches,
  issueProblems,
  listedProblems,
  type Problem,
  ProblemList,
  ROWS_PER_YIELD,
  type Sheet,
  SheetRefused,
  type SheetRow,
  sheetBatches,
} from './csv-sheet.js';
import { type Actor, createProducts, productsByPartNumber, toProductDto, updateProducts } from './service.js';

const m = errorMessages.catalogImport;

/** The six fields the original storefront's add form requires (docs/legacy-contract.md): a new part cannot do without them. */
const REQUIRED_FOR_NEW: CsvColumn[] = ['name', 'description', 'price', 'stock', 'min', 'img'];
/** How a spreadsheet says yes or no; an empty cell keeps a part for sale. */
const ACTIVE_WORDS = new Map([
  ['', true],
  ['true', true],
  ['yes', true],
  ['1', true],
  ['false', false],
  ['no', false],
  ['0', false],
]);

type Cells = Partial<Record<CsvColumn, string>>;

/** The template's one made-up row: a cell for every column the import reads (a column added without one does not compile). */
const TEMPLATE_ROW: Record<CsvColumn, string> = importCopy.templateExample;

/** The file to start from (GET /api/products/import-template.csv): the import's columns, and one row it imports as a new part. */
export function importTemplateCsv(): AsyncGenerator<string> {
  const rows = (async function* () {
    yield [CSV_COLUMNS.map((column) => TEMPLATE_ROW[column])];
  })();
  return csvFile(CSV_COLUMNS, rows, { bom: false });
}

interface RowFields {
  values: Record<string, unknown>;
  problems: ColumnProblem[];
}

/** A row is a new part, a change of an existing one (none when every cell is as the part has it), or its problems. */
type RowPlan = { problems: ColumnProblem[] } | NewPart | PartChange;

type NewPart = { input: ProductInput; active: boolean };

type PartChange = { id: number; patch: ProductPatch | null };

/**
 * The change planned for each row (by row number) that changes a part, with the part's row it was
 * planned against (a hash of every column). The write plans a row again only when its part is no longer
 * exactly that row: the plan depends on nothing else, and checking every row again would hold the write's
 * transaction, and the orders waiting for it, as long as the check took.
 */
type PlannedChanges = Map<number, { partRow: string; change: PartChange }>;

interface Plan {
  creates: NewPart[];
  updates: { id: number; patch: ProductPatch }[];
  unchanged: number;
  problems: Problem[];
  /** The rows that add or change a part. */
  changing: SheetRow<CsvColumn>[];
  /** What the first of them change (as many as the report still lists). */
  listed: ImportRowChange[];
}

/** Checks a file against the catalog as it is; the rows that add or change a part are kept to be written. */
export async function checkProductsCsv(db: Executor, actor: Actor, csv: string): Promise<CheckedImport<ProductImportReport>> {
  const planned: PlannedChanges = new Map();
  const check = await importRows(db, sheetBatches(csv, CSV_COLUMNS, missingColumns), planned);
  return checkedImport(check.report, async (trx) => (await importRows(trx, batchesOf(check.changing), planned, actor)).report);
}

/**
 * Rows checked a batch at a time (a file's rows, or those a check kept): the report, and the rows that
 * add or change a part. With a `writer` each batch is written as soon as it is checked, while none of the
 * rows so far has a problem, and the new parts without a part number last.
 */
async function importRows(db: Executor, batches: AsyncIterable<Sheet<CsvColumn>> | Iterable<Sheet<CsvColumn>>, planned: PlannedChanges, writer?: Actor) {
  const report = { created: 0, updated: 0, unchanged: 0 };
  const problems = new ProblemList(CSV_COLUMNS);
  const firstRowOf = new Map<string, number>();
  const changing: SheetRow<CsvColumn>[] = [];
  const changes: ImportRowChange[] = [];
  try {
    for await (const batch of batches) {
      const plan = await planBatch(db, batch, firstRowOf, planned, IMPORT_LISTED_CHANGES_MAX - changes.length);
      problems.add(plan.problems);
      report.created += plan.creates.length;
      report.updated += plan.updates.length;
      report.unchanged += plan.unchanged;
      changing.push(...plan.changing);
      changes.push(...plan.listed);
      if (writer && problems.size === 0) {
        await yieldToOtherRequests();
        await writeBatch(db, writer, plan);
      }
    }
    if (writer && problems.size === 0) await createUnnumbered(db, writer, changing);
  } catch (error) {
    if (!(error instanceof SheetRefused)) throw error;
    const report = { created: 0, updated: 0, unchanged: 0, errors: listedProblems(error.problems, CSV_COLUMNS), changes: [], errorCount: error.problems.length };
    return { report, changing: [] };
  }
  return { report: { ...report, errors: problems.listed(), changes, errorCount: problems.size }, changing };
}

// ---- Reading the file ---------------------------------------------------------

/** Without a sku column every row is a new part, and a new part needs the six required fields. */
function missingColumns(header: string[]): Problem[] {
  const missing = REQUIRED_FOR_NEW.filter((column) => !header.includes(column));
  if (header.includes('sku') || missing.length === 0) return [];
  return [{ row: 1, column: '', message: m.missingColumns(missing, REQUIRED_FOR_NEW) }];
}

// ---- Checking every row -------------------------------------------------------

/**
 * A batch of rows checked against the catalog and the file's rows before them (`firstRowOf`, by part
 * number), what the first `toList` changing rows change described; the parts' values to compare with
 * come from the batch's one lookup.
 */
async function planBatch(db: Executor, sheet: Sheet<CsvColumn>, firstRowOf: Map<string, number>, planned: PlannedChanges, toList: number): Promise<Plan> {
  const plan: Plan = { creates: [], updates: [], unchanged: 0, problems: [...sheet.problems], changing: [], listed: [] };
  const existing = await productsByPartNumber(db, sheet.rows.map((r) => normalisePartNumber(r.cells.sku ?? '')));
  for (const [index, sheetRow] of sheet.rows.entries()) {
    if (index % ROWS_PER_YIELD === 0) await yieldToOtherRequests();
    const { row, cells } = sheetRow;
    const match = matchPartNumber(cells.sku?.trim() ?? '', row, firstRowOf, existing);
    const rowPlan: RowPlan = 'problem' in match ? { problems: [match.problem] } : planRow(sheetRow, match, planned);
    if ('problems' in rowPlan) plan.problems.push(...rowPlan.problems.map(([column, message]) => cellProblem(sheetRow, column, message)));
    else if (!('input' in rowPlan) && !rowPlan.patch) plan.unchanged += 1;
    else {
      if ('input' in rowPlan) plan.creates.push(rowPlan);
      else plan.updates.push({ id: rowPlan.id, patch: rowPlan.patch! });
      plan.changing.push(sheetRow);
      if (plan.listed.length < toList) plan.listed.push(rowChange(sheetRow, rowPlan, 'problem' in match ? undefined : match.product));
    }
  }
  return plan;
}

/** The part a row's part number names (none: a new part), or why the number cannot be used. */
function matchPartNumber(
  sku: string,
  row: number,
  firstRowOf: Map<string, number>,
  existing: Map<string, ProductRow>,
): { sku: string; product?: ProductRow } | { problem: ColumnProblem } {
  if (sku === '') return { sku };
  const checked = skuSchema.safeParse(sku);
  if (!checked.success) return { problem: ['sku', checked.error.issues[0]!.message] };
  const key = normalisePartNumber(sku);
  const firstRow = firstRowOf.get(key);
  if (firstRow !== undefined) return { problem: ['sku', m.skuRepeated(sku, firstRow)] };
  firstRowOf.set(key, row);
  const product = existing.get(key);
  if (product?.hidden_at) return { problem: ['sku', m.skuOfRemovedPart(sku)] };
  return { sku, product };
}

function planRow({ row, cells }: SheetRow<CsvColumn>, { sku, product }: { sku: string; product?: ProductRow }, planned: PlannedChanges): RowPlan {
  if (!product) return newPart(sku, rowFields(cells));
  const earlier = planned.get(row);
  if (earlier && earlier.partRow === hashOfRow(product)) return earlier.change;
  const rowPlan = changeOf(product, rowFields(cells));
  if ('id' in rowPlan && rowPlan.patch) planned.set(row, { partRow: hashOfRow(product), change: rowPlan });
  return rowPlan;
}

function hashOfRow(product: ProductRow): string {
  return hash('sha1', JSON.stringify(product), 'base64');
}

/**
 * A row's cells as the product schemas take them (the part number aside): categories by name or slug,
 * specs and price breaks from their one-cell texts, `active` as a spreadsheet writes a yes or no. A
 * column the file does not have stays absent; an empty category or pack size keeps the part's (or gives
 * a new one the default).
 */
function rowFields(cells: Cells): RowFields {
  const values: Record<string, unknown> = {};
  const problems: ColumnProblem[] = [];
  for (const column of REQUIRED_FOR_NEW) values[column] = cells[column];
  const category = cells.category?.trim();
  if (category) {
    const found = findCategory(category);
    if (found) values.category = found.slug;
    else problems.push(['category', m.categoryUnknown(category)]);
  }
  if (cells.specs !== undefined) {
    const specs = specsFromText(cells.specs);
    if (Array.isArray(specs)) values.specs = specs;
    else problems.push(['specs', specs.error]);
  }
  const packSize = cells.packSize?.trim();
  if (packSize) values.packSize = packSize;
  const weightGrams = cells.weightGrams?.trim();
  if (weightGrams) values.weightGrams = weightGrams;
  const taxClass = cells.taxClass?.trim().toLowerCase();
  if (taxClass) values.taxClass = taxClass;
  const coreCharge = cells.coreCharge?.trim();
  if (coreCharge) values.coreCharge = coreCharge;
  if (cells.priceBreaks !== undefined) {
    const priceBreaks = priceBreaksFromText(cells.priceBreaks);
    if (Array.isArray(priceBreaks)) values.priceBreaks = priceBreaks;
    else problems.push(['priceBreaks', priceBreaks.error]);
  }
  if (cells.active !== undefined) {
    const active = ACTIVE_WORDS.get(cells.active.trim().toLowerCase());
    if (active === undefined) problems.push(['active', m.activeInvalid]);
    else values.active = active;
  }
  return { values, problems };
}

/** A new part, checked as the add form checks one (`active` is the import's own: a new part may start archived). */
function newPart(sku: string, fields: RowFields): RowPlan {
  const checked = productInputSchema.safeParse({ ...fields.values, sku });
  const problems = [...fields.problems, ...(checked.success ? [] : issueProblems(checked.error.issues))];
  if (!checked.success || problems.length > 0) return { problems };
  return { input: checked.data, active: fields.values.active !== false };
}

/** What a row changes on its part, checked as an edit is: only the fields whose value differs (none: unchanged). */
function changeOf(product: ProductRow, fields: RowFields): RowPlan {
  const nothingGiven = Object.values(fields.values).every((value) => value === undefined);
  const checked = nothingGiven ? undefined : productPatchSchema.safeParse(fields.values);
  const problems = [...fields.problems, ...(checked?.success === false ? issueProblems(checked.error.issues) : [])];
  if (problems.length > 0) return { problems };
  if (!checked?.success) return { id: product.id, patch: null };
  const dto = toProductDto(product);
  const current = currentValues(dto);
  const changed = Object.entries(checked.data).filter(([field, value]) => value !== undefined && !isDeepStrictEqual(value, current[field]));
  if (changed.length === 0) return { id: product.id, patch: null };
  const patch = Object.fromEntries(changed) as ProductPatch;
  // A new price or new tiers are checked with what the part keeps, as an edit is.
  if (!tiersBelowPrice(patch.price ?? dto.price, patch.priceBreaks ?? dto.priceBreaks)) return { problems: [['priceBreaks', fieldMessages.priceBreakBelowPrice]] };
  return { id: product.id, patch };
}

// ---- Describing the rows ------------------------------------------------------

/** A problem of a row's cell, with the row's part number and the cell's text for the one who fixes the file. */
function cellProblem({ row, cells }: SheetRow<CsvColumn>, column: string, message: string): Problem {
  const sku = cells.sku?.trim();
  const value = cells[column as CsvColumn];
  return { row, column, message, ...(sku ? { sku } : {}), ...(value === undefined ? {} : { value }) };
}

/** What a changing row sets: each changed field of its part, or each field a new part's row gives. */
function rowChange(sheetRow: SheetRow<CsvColumn>, rowPlan: NewPart | PartChange, product: ProductRow | undefined): ImportRowChange {
  const { row, cells } = sheetRow;
  const sku = cells.sku?.trim() ?? '';
  if ('input' in rowPlan) {
    const input: Record<string, unknown> = { ...rowPlan.input, active: rowPlan.active };
    const given = CSV_COLUMNS.filter((column) => column !== 'sku' && cells[column]?.trim() && input[column] !== undefined);
    return { row, sku, action: 'create', changes: given.map((field) => ({ field, from: null, to: shownValue(field, input[field]) })) };
  }
  const current = currentValues(toProductDto(product!));
  const changes = CSV_COLUMNS.filter((column) => rowPlan.patch![column as keyof ProductPatch] !== undefined).map((field) => ({
    field,
    from: shownValue(field, current[field]),
    to: shownValue(field, rowPlan.patch![field as keyof ProductPatch]),
  }));
  return { row, sku, action: 'update', changes };
}

/** A part's fields as a row's are compared with them (the category by its slug). */
function currentValues(dto: Product): Record<string, unknown> {
  return { ...dto, category: dto.category.slug };
}

/** A field's value as people read it: money with its cents (24.50), counts grouped, a category by its name. */
function shownValue(field: CsvColumn, value: unknown): string {
  switch (field) {
    case 'price':
    case 'coreCharge':
      return formatDollars(value as number);
    case 'stock':
    case 'min':
    case 'packSize':
    case 'weightGrams':
      return formatQuantity(value as number);
    case 'category':
      return categoryOf(value as string).name;
    case 'specs':
      return specsToText(value as Spec[]);
    case 'priceBreaks':
      return priceBreaksToText(value as PriceBreak[]);
    default:
      return String(value);
  }
}

// ---- Writing ------------------------------------------------------------------

/**
 * A checked batch: edits through the catalog's own update, a batch at a time (price and stock changes are
 * recorded as the import's), new parts with their own part number in one insert. New parts without one
 * are created last, so that the numbers generated already skip every number in the file.
 */
async function writeBatch(db: Executor, actor: Actor, plan: Plan): Promise<void> {
  await updateProducts(db, actor, plan.updates, 'import');
  await createParts(db, actor, plan.creates.filter((c) => c.input.sku !== undefined));
}

/** The new parts without a part number, once every row is written (and known to be fine). */
async function createUnnumbered(db: Executor, actor: Actor, rows: SheetRow<CsvColumn>[]): Promise<void> {
  for (const batch of inBatches(rows.filter((r) => (r.cells.sku?.trim() ?? '') === ''))) {
    await createParts(db, actor, batch.map((r) => newPart('', rowFields(r.cells))).filter((planned) => 'input' in planned));
  }
}

async function createParts(db: Executor, actor: Actor, creates: NewPart[]): Promise<void> {
  const created = await createProducts(db, creates.map((c) => c.input), { reason: 'import', by: actor });
  const archived = created.filter((_, i) => !creates[i]!.active);
  await updateProducts(db, actor, archived.map((product) => ({ id: product.id, patch: { active: false } })), 'import');
}
