/**
 * A saved parts list out to a CSV file (`sku,quantity`) and back in: the list (lists) meets the parts'
 * numbers (catalog). The import reads the file as the catalog import does and answers its report: a part
 * new to the list is created, one whose quantity changes updated; any problem and nothing is written.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { importRefusedSchema, type ImportReport, importReportSchema } from '../../shared/api.js';
import { normalisePartNumber } from '../../shared/catalog.js';
import { LIST_CSV_COLUMNS, LIST_LINES_MAX, listMessages, listQuantitySchema } from '../../shared/choosing.js';
import { idSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { acceptCsvBodies, listedProblems, type Problem, readSheet } from '../catalog/csv-sheet.js';
import { productsByPartNumber, visibleProductsById } from '../catalog/service.js';
import type { Executor } from '../db/schema.js';
import { csvFile, sendCsv } from '../http/csv.js';
import { requireViewer } from '../http/access.js';
import { type ListLine, ownLines, replaceLines } from '../lists/service.js';

const tags = ['lists'];
const idParams = z.object({ id: idSchema });
/** A list's file: its lines at most, with room for a header and blank lines. */
const LIST_FILE_MAX_BYTES = 256 * 1024;

export async function listTransferRoutes(app: FastifyInstance, { db }: AppContext) {
  acceptCsvBodies(app);
  const api = typed(app);

  api.get(
    '/api/lists/:id/export.csv',
    {
      config: { access: 'user' },
      schema: { tags, description: `The list as CSV with the columns ${LIST_CSV_COLUMNS.join(', ')} (the owner only; cells a spreadsheet would run as a formula start with a quote).`, produces: ['text/csv'], params: idParams },
    },
    async (request, reply) => {
      const { name, lines } = await ownLines(db.kysely, requireViewer(request).id, request.params.id);
      const products = await visibleProductsById(db.kysely, lines.map((line) => line.productId));
      const records = lines.flatMap((line) => {
        const product = products.get(line.productId);
        return product ? [[product.sku, String(line.quantity)]] : [];
      });
      return sendCsv(reply, `list-${fileNamePart(name)}`, csvFile(LIST_CSV_COLUMNS, oneBatch(records), { bom: false }));
    },
  );

  api.post(
    '/api/lists/:id/import',
    {
      config: { access: 'user' },
      bodyLimit: LIST_FILE_MAX_BYTES,
      schema: {
        tags,
        description: 'A CSV file (`text/csv`, columns sku,quantity) merged into the list: a part new to it is added, one already in it takes the file\'s quantity. Any problem and nothing is written (422 with the report).',
        consumes: ['text/csv'],
        params: idParams,
        body: z.string(),
        response: { 200: importReportSchema, 422: importRefusedSchema },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const report = await db.kysely.transaction().execute((trx) => importIntoList(trx, viewer.id, request.params.id, request.body));
      if (report.errors.length > 0) return reply.status(422).send({ ...report, error: { code: 'import_refused' as const, message: listMessages.importRefused } });
      return report;
    },
  );
}

async function* oneBatch(records: string[][]): AsyncGenerator<string[][]> {
  yield records;
}

function fileNamePart(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'parts';
}

async function importIntoList(trx: Executor, userId: number, listId: number, csv: string): Promise<ImportReport> {
  const { lines } = await ownLines(trx, userId, listId);
  const sheet = await readSheet(csv, LIST_CSV_COLUMNS, (header) =>
    LIST_CSV_COLUMNS.filter((column) => !header.includes(column)).map((column) => ({ row: 1, column, message: `The file has no ${column} column` })),
  );
  const problems: Problem[] = [...sheet.problems];
  const found = await productsByPartNumber(trx, sheet.rows.map((row) => normalisePartNumber(row.cells.sku ?? '')));
  const merged = new Map(lines.map((line) => [line.productId, line.quantity]));
  const seen = new Set<number>();
  const report = { created: 0, updated: 0, unchanged: 0 };
  for (const { row, cells } of sheet.rows) {
    const sku = cells.sku?.trim() ?? '';
    const product = found.get(normalisePartNumber(sku));
    const quantity = listQuantitySchema.safeParse(cells.quantity ?? '');
    if (!product || product.hidden_at !== null || product.archived_at !== null) problems.push({ row, column: 'sku', message: listMessages.unknownPart(sku) });
    if (!quantity.success) problems.push({ row, column: 'quantity', message: listMessages.quantityInvalid });
    if (!product || !quantity.success) continue;
    if (seen.has(product.id)) problems.push({ row, column: 'sku', message: listMessages.partTwice });
    seen.add(product.id);
    const before = merged.get(product.id);
    if (before === undefined) report.created += 1;
    else if (before === quantity.data) report.unchanged += 1;
    else report.updated += 1;
    merged.set(product.id, quantity.data);
  }
  if (merged.size > LIST_LINES_MAX) problems.push({ row: 1, column: '', message: listMessages.tooManyLines });
  if (problems.length > 0) return { created: 0, updated: 0, unchanged: 0, errors: listedProblems(problems, LIST_CSV_COLUMNS) };
  const next: ListLine[] = [...merged].map(([productId, quantity]) => ({ productId, quantity }));
  await replaceLines(trx, listId, next);
  return { ...report, errors: [] };
}
