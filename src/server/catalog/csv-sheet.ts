/**
 * What every CSV file of the catalog shares (products, applications, cross-reference numbers): reading
 * a file into rows of cells by column with the problems of the file itself, the report's list of
 * problems, and the HTTP side of imports (CSV bodies in, reports out). Writing CSV is http/csv.ts's.
 */
import { Readable } from 'node:stream';
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ImportReport } from '../../shared/api.js';
import { errorMessages } from '../../shared/messages.js';
import type { AppContext } from '../app-types.js';
import { recordAdminAction } from '../audit/service.js';
import type { Executor } from '../db/schema.js';
import { Semaphore } from '../db/semaphore.js';
import type { Viewer } from '../http/access.js';
import { unguardCell } from '../http/csv.js';
import { HttpError } from '../http/errors.js';

const m = errorMessages.catalogImport;

/** The largest file read: a catalog of 100,000 parts, about 20 MB as the export writes it. */
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The report lists this many problems at most (a file that is wrong throughout needs fixing, not a list). */
const MAX_LISTED_PROBLEMS = 1000;

export type Problem = ImportReport['errors'][number];
/** A problem of one cell of a row. */
export type ColumnProblem = [column: string, message: string];

export interface SheetRow<C extends string> {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  cells: Partial<Record<C, string>>;
}

export interface Sheet<C extends string> {
  rows: SheetRow<C>[];
  problems: Problem[];
}

/** A problem of the file as a whole (not CSV, empty, its header, too many rows): none of its rows counts. */
export class SheetRefused extends Error {
  constructor(readonly problems: Problem[]) {
    super(problems[0]?.message);
  }
}

/** Rows a batch: also the most new parts an import inserts in one statement, well inside both databases' limits on bound parameters. */
const SHEET_BATCH = 1000;

/**
 * Rows a CSV loop (reading, checking, writing or exporting a file) handles between two yields to the event
 * loop; a loop over batches yields once a batch. Parsing and checking rows is plain JavaScript, and SQLite
 * answers on the server's own thread: without yielding, a 100,000-row file would hold every other request
 * until it is done. A few hundred rows take milliseconds; yielding far more often only slows the file.
 */
export const ROWS_PER_YIELD = 500;

/**
 * The rows of a file whose header names some of `columns` (any case, any order: `packsize` is `packSize`),
 * a batch at a time as they are read, with the problems of those rows' own shape; a large file's rows
 * never sit in memory together. `missingColumns` says what the header lacks. A problem of the file
 * itself (which may show only at its end) is thrown as SheetRefused.
 */
export async function* sheetBatches<C extends string>(
  csv: string,
  columns: readonly C[],
  missingColumns: (header: string[]) => Problem[],
): AsyncGenerator<Sheet<C>> {
  const records = csvRecords(csv);
  const named = (await readHeader(records, columns, missingColumns)) as C[];
  let batch: Sheet<C> = { rows: [], problems: [] };
  let row = 1;
  for await (const record of records) {
    row += 1;
    if (row - 1 > IMPORT_MAX_ROWS) throw new SheetRefused([{ row, column: '', message: m.tooManyRows(IMPORT_MAX_ROWS) }]);
    if (isBlank(record)) continue;
    if (record.length !== named.length) batch.problems.push({ row, column: '', message: m.cellCount(record.length, named.length) });
    else batch.rows.push({ row, cells: Object.fromEntries(named.map((column, i) => [column, unguardCell(record[i]!)])) as Partial<Record<C, string>> });
    if (batch.rows.length === SHEET_BATCH) {
      await yieldToOtherRequests();
      yield batch;
      batch = { rows: [], problems: [] };
    }
  }
  yield batch;
}

/** Rows kept from a file (those a check found to change), in batches as sheetBatches gives a file's. */
export function* batchesOf<C extends string>(rows: readonly SheetRow<C>[]): Generator<Sheet<C>> {
  for (const batch of inBatches(rows)) yield { rows: batch, problems: [] };
}

/** Items a batch (SHEET_BATCH) at a time. */
export function* inBatches<T>(items: readonly T[]): Generator<T[]> {
  for (let start = 0; start < items.length; start += SHEET_BATCH) yield items.slice(start, start + SHEET_BATCH);
}

/** Every row of a file at once, for imports that group rows from anywhere in the file. */
export async function readSheet<C extends string>(csv: string, columns: readonly C[], missingColumns: (header: string[]) => Problem[]): Promise<Sheet<C>> {
  const sheet: Sheet<C> = { rows: [], problems: [] };
  try {
    for await (const batch of sheetBatches(csv, columns, missingColumns)) {
      sheet.rows.push(...batch.rows);
      sheet.problems.push(...batch.problems);
    }
  } catch (error) {
    if (error instanceof SheetRefused) return { rows: [], problems: error.problems };
    throw error;
  }
  return sheet;
}

/** The header's columns by their names in `columns`, or SheetRefused with what is wrong with it (a file of blank lines is empty). */
async function readHeader(records: AsyncIterator<string[]>, columns: readonly string[], missingColumns: (header: string[]) => Problem[]): Promise<string[]> {
  const first = await records.next();
  if (first.done || (isBlank(first.value) && (await onlyBlankLeft(records)))) throw new SheetRefused([{ row: 1, column: '', message: m.empty }]);
  const byLowerCase = new Map(columns.map((column) => [column.toLowerCase(), column as string]));
  const header = first.value.map((cell) => byLowerCase.get(cell.trim().toLowerCase()) ?? cell.trim().toLowerCase());
  const problems = [...headerProblems(header, columns), ...missingColumns(header)];
  if (problems.length > 0) throw new SheetRefused(problems);
  return header;
}

async function onlyBlankLeft(records: AsyncIterator<string[]>): Promise<boolean> {
  for (let next = await records.next(); !next.done; next = await records.next()) if (!isBlank(next.value)) return false;
  return true;
}

/** A file's records one by one, the text fed to the parser a slice at a time (so that it waits for its reader). */
async function* csvRecords(csv: string): AsyncGenerator<string[]> {
  const parser = Readable.from(slices(csv)).pipe(parse({ bom: true, relax_column_count: true, relax_quotes: true }));
  try {
    for await (const record of parser) yield record as string[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw new SheetRefused([{ row: Number(error.records ?? 0) + 1, column: '', message: m.notCsv }]);
  } finally {
    parser.destroy();
  }
}

/** Never between the two halves of a character outside the BMP (each slice is encoded on its own). */
function* slices(text: string, length = 64 * 1024): Generator<string> {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + length, text.length);
    if (isHighSurrogate(text.charCodeAt(end - 1))) end += 1;
    yield text.slice(start, end);
    start = end;
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isBlank(record: string[]): boolean {
  return record.every((cell) => cell.trim() === '');
}

function headerProblems(header: string[], columns: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  const unknown = header.filter((column) => !columns.includes(column));
  if (unknown.length > 0) problems.push({ row: 1, column: '', message: m.unknownColumns(unknown, columns) });
  const repeated = new Set(header.filter((column, i) => header.indexOf(column) !== i && !unknown.includes(column)));
  for (const column of repeated) problems.push({ row: 1, column, message: m.columnRepeated(column) });
  return problems;
}

/**
 * The report's problems in row order (by column within a row): at most MAX_LISTED_PROBLEMS of them
 * kept, and a line saying how many more. Taken a batch of rows at a time, each batch after the last.
 */
export class ProblemList {
  private readonly kept: Problem[] = [];
  private total = 0;

  constructor(private readonly columns: readonly string[]) {}

  add(problems: Problem[]): void {
    const sorted = [...problems].sort((a, b) => a.row - b.row || this.columns.indexOf(a.column) - this.columns.indexOf(b.column));
    for (const problem of sorted) if (this.kept.length <= MAX_LISTED_PROBLEMS) this.kept.push(problem);
    this.total += problems.length;
  }

  get size(): number {
    return this.total;
  }

  listed(): Problem[] {
    if (this.total <= MAX_LISTED_PROBLEMS) return [...this.kept];
    return [...this.kept.slice(0, MAX_LISTED_PROBLEMS), { row: this.kept[MAX_LISTED_PROBLEMS]!.row, column: '', message: m.moreProblems(this.total - MAX_LISTED_PROBLEMS) }];
  }
}

/** All of a file's problems at once, listed as ProblemList lists them. */
export function listedProblems(problems: Problem[], columns: readonly string[]): Problem[] {
  const list = new ProblemList(columns);
  list.add(problems);
  return list.listed();
}

/** The schema's first message for each field; the fields are named as the columns are. */
export function issueProblems(issues: { path: PropertyKey[]; message: string }[]): ColumnProblem[] {
  const byColumn = new Map<string, string>();
  for (const issue of issues) {
    const column = String(issue.path[0] ?? '');
    if (!byColumn.has(column)) byColumn.set(column, issue.message);
  }
  return [...byColumn];
}

/** The 422 answer of a real import with problems: its report, and the error shape every refusal has. */
function refusedImport<R extends AnyReport>(report: R) {
  return { ...report, error: { code: 'import_refused' as const, message: m.refused(report.errors.length) } };
}

// ---- HTTP ----------------------------------------------------------------------------

/** Lets the routes of this plugin read `text/csv` bodies (as text); other plugins keep refusing them. */
export function acceptCsvBodies(app: FastifyInstance): void {
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'string' }, (_request, body, done) => done(null, body));
}

/**
 * A file checked against the catalog as it is (outside any transaction, so that the check keeps no
 * writer and no lock), and how to write what it changes.
 */
export interface CheckedImport<R extends AnyReport = ImportReport> {
  report: R;
  /**
   * Writes, in the caller's transaction, the rows the check found to change, each checked again against
   * the catalog as it is by then (what another request changed meanwhile counts); what the check found
   * unchanged is not read again and stays counted as unchanged.
   */
  write(db: Executor): Promise<R>;
}

/** A report of any import (CSV files: ImportReport; the trade's XML files: TradeImportReport): any error means nothing is written. */
type AnyReport = { errors: unknown[] };

/** A check's report, and the writing of its changing rows whose own report adds the check's unchanged ones. */
export function checkedImport<R extends ImportReport>(report: R, writeChanging: (db: Executor) => Promise<R>): CheckedImport<R> {
  return {
    report,
    write: async (db) => {
      const written = await writeChanging(db);
      return { ...written, unchanged: written.unchanged + report.unchanged };
    },
  };
}

/** What the catalog's import routes share: the database, the cache they empty, and the imports' turns. */
export type ImportContext = Pick<AppContext, 'db' | 'cache'> & { imports: Semaphore };

/** Who imports, and whether only to check the file. */
interface ImportRun {
  admin: Viewer;
  dryRun: boolean;
}

/** How many imports may wait for their turn in a server (each holds its file meanwhile); one more is refused. */
export const IMPORTS_WAITING_MAX = 3;

/**
 * Imports run one at a time in a server, catalog and fitment files alike, the others waiting their turn
 * in the order they came. Checking a large file holds its rows and their plans in memory: several checked
 * side by side (on PostgreSQL each has a connection of its own) multiply the server's memory, and each
 * answers only once all are done, where in turns the first answers as soon as it is.
 */
export const importTurns = () => new Semaphore(1, IMPORTS_WAITING_MAX);
/** About how long a large import takes on a slow machine: when to try again after `imports_busy`. */
const IMPORT_RETRY_AFTER_SECONDS = 60;
/** The import routes' description of their turns. */
export const IMPORT_TURNS_DESCRIPTION =
  `Catalog and fitment imports run one at a time in a server; while ${IMPORTS_WAITING_MAX} wait their turn, one more answers 429 \`imports_busy\`.`;

/**
 * An admin's import, when its turn comes (`importTurns`): a dry run only checks; a real one with problems
 * answers 422 with the report, and otherwise writes what it changes in one transaction, recorded in the
 * audit log (`describe`), or rolled back and answered 422 when its rows checked again show problems.
 * Checking first keeps the database's one SQLite writer (and PostgreSQL's row locks) free while a large
 * file is checked: orders go on.
 */
export async function answerImport<R extends AnyReport>(
  reply: FastifyReply,
  { db, cache, imports }: ImportContext,
  run: ImportRun,
  checkFile: (db: Executor) => Promise<CheckedImport<R>>,
  describe: (report: R) => string,
) {
  // The whole file has arrived: from here on the server is the slow side. A connection that sends nothing
  // for twice REQUEST_TIMEOUT is closed, and a large import on a slow machine can take longer than that (or
  // wait that long for its turn): its admin would see the connection fail while the import went on and was
  // written. (A request injected in tests has a stand-in socket without timeouts, hence the check Node's
  // own HTTP server makes too.)
  const { socket } = reply.request;
  if (typeof socket.setTimeout === 'function') socket.setTimeout(0);
  const turn = imports.acquire();
  if (!turn) {
    reply.header('retry-after', IMPORT_RETRY_AFTER_SECONDS);
    throw new HttpError(429, 'imports_busy', m.busy);
  }
  const endTurn = await turn;
  try {
    return await checkAndWrite(reply, { db, cache }, run, checkFile, describe);
  } finally {
    endTurn();
  }
}

async function checkAndWrite<R extends AnyReport>(
  reply: FastifyReply,
  { db }: Pick<AppContext, 'db' | 'cache'>,
  { admin, dryRun }: ImportRun,
  checkFile: (db: Executor) => Promise<CheckedImport<R>>,
  describe: (report: R) => string,
) {
  const checked = await checkFile(db.kysely);
  if (dryRun) return checked.report;
  if (checked.report.errors.length > 0) return reply.status(422).send(refusedImport(checked.report));
  try {
    const report = await db.kysely.transaction().execute(async (trx) => {
      const done = await checked.write(trx);
      if (done.errors.length > 0) throw new ImportRefused(done);
      await recordAdminAction(trx, admin, 'product.import', describe(done));
      return done;
    });
    return report;
  } catch (error) {
    if (error instanceof ImportRefused) return reply.status(422).send(refusedImport(error.report));
    throw error;
  }
}

/** Thrown out of an import's transaction to roll back what it wrote before a problem showed. */
class ImportRefused extends Error {
  constructor(readonly report: AnyReport) {
    super('import refused');
  }
}
