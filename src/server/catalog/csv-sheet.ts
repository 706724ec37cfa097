/**
 * What every CSV file of the catalog shares (products, applications, cross-reference numbers): reading
 * a file into rows of cells by column with the problems of the file itself, the report's list of
 * problems, and the HTTP side of imports (CSV bodies in, reports out). Writing CSV is http/csv.ts's.
 */
import { CsvError, parse } from 'csv-parse/sync';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ImportReport } from '../../shared/api.js';
import { errorMessages } from '../../shared/messages.js';
import type { AppContext } from '../app-types.js';
import { recordAdminAction } from '../audit/service.js';
import type { Executor } from '../db/schema.js';
import type { Viewer } from '../http/access.js';
import { unguardCell } from '../http/csv.js';

const m = errorMessages.catalogImport;

/** The largest file read: a catalog of 100,000 parts, about 20 MB as the export writes it. */
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The report lists this many problems at most (a file that is wrong throughout needs fixing, not a list). */
const MAX_LISTED_PROBLEMS = 1000;

export type Problem = ImportReport['errors'][number];
/** A problem of one cell of a row. */
export type ColumnProblem = [column: string, message: string];

export interface Sheet<C extends string> {
  /** By their spreadsheet row number (the header is row 1), cells by column. */
  rows: { row: number; cells: Partial<Record<C, string>> }[];
  problems: Problem[];
}

/**
 * The rows of a file whose header names some of `columns` (any case, any order: `packsize` is `packSize`);
 * `missingColumns` says what the header lacks. A file with a problem in its header has no rows.
 */
export function readSheet<C extends string>(csv: string, columns: readonly C[], missingColumns: (header: string[]) => Problem[]): Sheet<C> {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, relax_column_count: true, relax_quotes: true });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return { rows: [], problems: [{ row: Number(error.records ?? 0) + 1, column: '', message: m.notCsv }] };
  }
  if (records.every(isBlank)) return { rows: [], problems: [{ row: 1, column: '', message: m.empty }] };
  const byLowerCase = new Map(columns.map((column) => [column.toLowerCase(), column as string]));
  const header = records[0]!.map((cell) => byLowerCase.get(cell.trim().toLowerCase()) ?? cell.trim().toLowerCase());
  const problems = [...headerProblems(header, columns), ...missingColumns(header)];
  if (records.length - 1 > IMPORT_MAX_ROWS) problems.push({ row: IMPORT_MAX_ROWS + 2, column: '', message: m.tooManyRows(IMPORT_MAX_ROWS) });
  if (problems.length > 0) return { rows: [], problems };
  const named = header as C[];
  const rows: Sheet<C>['rows'] = [];
  records.forEach((record, index) => {
    const row = index + 1;
    if (row === 1 || isBlank(record)) return;
    if (record.length !== named.length) problems.push({ row, column: '', message: m.cellCount(record.length, named.length) });
    else rows.push({ row, cells: Object.fromEntries(named.map((column, i) => [column, unguardCell(record[i]!)])) as Partial<Record<C, string>> });
  });
  return { rows, problems };
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

/** The problems in row order (and by column within a row), at most MAX_LISTED_PROBLEMS of them and a line saying how many more. */
export function listedProblems(problems: Problem[], columns: readonly string[]): Problem[] {
  const sorted = [...problems].sort((a, b) => a.row - b.row || columns.indexOf(a.column) - columns.indexOf(b.column));
  if (sorted.length <= MAX_LISTED_PROBLEMS) return sorted;
  const more = sorted.length - MAX_LISTED_PROBLEMS;
  return [...sorted.slice(0, MAX_LISTED_PROBLEMS), { row: sorted[MAX_LISTED_PROBLEMS]!.row, column: '', message: m.moreProblems(more) }];
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
function refusedImport(report: ImportReport) {
  return { ...report, error: { code: 'import_refused' as const, message: m.refused(report.errors.length) } };
}

// ---- HTTP ----------------------------------------------------------------------------

/** Lets the routes of this plugin read `text/csv` bodies (as text); other plugins keep refusing them. */
export function acceptCsvBodies(app: FastifyInstance): void {
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'string' }, (_request, body, done) => done(null, body));
}

/**
 * An admin's import: a dry run only checks; a real one runs in one transaction and is recorded in the
 * audit log (`describe`), or with problems writes nothing and answers 422 with the report.
 */
export async function answerImport(
  reply: FastifyReply,
  { db, cache }: Pick<AppContext, 'db' | 'cache'>,
  { admin, dryRun }: { admin: Viewer; dryRun: boolean },
  importFile: (db: Executor, options: { dryRun: boolean }) => Promise<ImportReport>,
  describe: (report: ImportReport) => string,
) {
  if (dryRun) return importFile(db.kysely, { dryRun: true });
  const report = await db.kysely.transaction().execute(async (trx) => {
    const done = await importFile(trx, { dryRun: false });
    if (done.errors.length === 0) await recordAdminAction(trx, admin, 'product.import', describe(done));
    return done;
  });
  if (report.errors.length > 0) return reply.status(422).send(refusedImport(report));
  cache.invalidate('catalog');
  return report;
}
