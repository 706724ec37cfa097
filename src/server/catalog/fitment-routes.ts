/** What a part fits and the numbers that lead to it: the public answers, and the admins' CSV files of both. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-types.js';
import { z } from 'zod';
import {
  applicationSchema,
  type ImportReport,
  importRefusedSchema,
  importReportSchema,
  numberSuggestionSchema,
  partLookupSchema,
  partsResolvedSchema,
  type TradeImportReport,
  tradeImportRefusedSchema,
  tradeImportReportSchema,
} from '../../shared/api.js';
import { acesExportQuerySchema, fitmentImportQuerySchema, fitmentTransferQuerySchema, idSchema, partLookupQuerySchema, partsResolveSchema } from '../../shared/schemas.js';
import { typed } from '../app-types.js';
import type { Executor } from '../db/schema.js';
import { requireViewer } from '../http/access.js';
import { applicationsOf } from './applications.js';
import { sendCsv } from '../http/csv.js';
import { ACES_MAX_APPS, checkAcesXml, exportAcesXml } from './aces.js';
import { acceptCsvBodies, answerImport, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportContext, IMPORT_TURNS_DESCRIPTION } from './csv-sheet.js';
import { APPLICATION_COLUMNS, checkFitmentCsv, exportFitmentCsv, type FitmentKind, NUMBER_COLUMNS } from './fitment-transfer.js';
import { lookupNumber } from './numbers.js';
import { acceptXmlBodies, importBodySchema, importFile, sendXml, XML_IMPORT_MAX_BYTES } from './trade-xml.js';
import { checkVcdbCsv, VCDB_COLUMNS } from './vcdb-mapping.js';
import { getVisibleProduct, resolvePartNumbers, toProductDto } from './service.js';
import { closestNumbers } from './suggestions.js';

const tags = ['catalog'];

/** A plugin of its own, so only these routes (and the catalog's own transfer routes) read `text/csv` bodies. */
export async function fitmentRoutes(app: FastifyInstance, { db, cache, imports, shopName, memberPrices }: ImportContext & { shopName: string } & Pick<AppContext, 'memberPrices'>) {
  acceptCsvBodies(app);
  acceptXmlBodies(app);
  const api = typed(app);

  api.get(
    '/api/products/:id/fitment',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description: 'The vehicles a part for sale fits: its applications, by make, model and first year.',
        params: z.object({ id: idSchema }),
        response: { 200: z.array(applicationSchema) },
      },
    },
    async (request, reply) =>
      cache.serve(request, reply, 'catalog', async () => {
        const product = await getVisibleProduct(db.kysely, request.params.id);
        return { body: (await applicationsOf(db.kysely, [product.id])).get(product.id) ?? [] };
      }),
  );

  api.get(
    '/api/parts/lookup',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'The part for sale a number leads to, however spelled: our part number, then a superseded number of ours, ' +
          'then a car maker\'s (OE) number, then another brand\'s (interchange) number; `matchedAs` says which, `number` ' +
          'is the number as the part lists it. 404 when nothing matches.',
        querystring: partLookupQuerySchema,
        response: { 200: partLookupSchema },
      },
    },
    async (request, reply) =>
      cache.serveDecorated(request, reply, 'catalog', async () => {
        const found = await lookupNumber(db.kysely, request.query.number);
        return { body: { product: toProductDto(found.product, found.numbers), matchedAs: found.matchedAs, number: found.number } };
      }, await memberPrices(request)),
  );

  api.get(
    '/api/parts/suggestions',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'Did you mean …: up to three numbers of parts for sale close to this one (a letter or two typed wrong, missing, ' +
          'extra or swapped), closest first, each as the part lists it with `matchedAs` and the part\'s `sku` and `name`. Empty when none is close.',
        querystring: partLookupQuerySchema,
        response: { 200: z.array(numberSuggestionSchema) },
      },
    },
    async (request, reply) => cache.serve(request, reply, 'catalog', async () => ({ body: await closestNumbers(db.kysely, request.query.number) })),
  );

  // A body, not a URL: the response cache (keyed by URL) cannot hold these answers; each batch is a few queries.
  api.post(
    '/api/parts/resolve',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'Quick order: each number as typed (at most 500), in the same order, with the part for sale it leads to as ' +
          '`GET /api/parts/lookup` finds it, and `matchedAs`; `product` and `matchedAs` are null when nothing matches.',
        body: partsResolveSchema,
        response: { 200: partsResolvedSchema },
      },
    },
    async (request, reply) => {
      const resolved = await resolvePartNumbers(db.kysely, request.body.numbers);
      const decorate = await memberPrices(request);
      if (!decorate) return resolved;
      return reply.header('cache-control', 'private, no-store').send((await decorate(resolved)) as typeof resolved);
    },
  );

  api.get(
    '/api/fitment/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description:
          `Every listed part's applications as CSV with the columns ${APPLICATION_COLUMNS.join(', ')}, or with \`kind=numbers\` ` +
          `its cross-reference numbers with the columns ${NUMBER_COLUMNS.join(', ')}; by part. Cells a spreadsheet would run ` +
          'as a formula start with a quote; `bom=true` starts the file with a UTF-8 byte-order mark (for Excel).',
        produces: ['text/csv'],
        querystring: fitmentTransferQuerySchema.pick({ kind: true, bom: true }),
      },
    },
    async (request, reply) => {
      const kind = request.query.kind ?? 'applications';
      return sendCsv(reply, kind === 'numbers' ? 'numbers' : 'fitment', exportFitmentCsv(db.kysely, kind, { bom: request.query.bom === 'true' }));
    },
  );

  api.post(
    '/api/fitment/import',
    {
      config: { access: 'admin', changes: 'catalog' },
      bodyLimit: XML_IMPORT_MAX_BYTES,
      schema: {
        tags,
        description:
          `A CSV file (\`text/csv\`, as the export writes it, at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows, ` +
          `${IMPORT_MAX_BYTES / 1024 / 1024} MB) of applications ` +
          '(or with `kind=numbers` of cross-reference numbers): each part the file names gets exactly the file\'s rows, ' +
          'a row with only a sku names a part with none. The report counts parts (created: had none; updated; unchanged). ' +
          `With \`kind=vcdb\` the VCdb ids of our vehicles, the columns ${VCDB_COLUMNS.join(', ')}; the report counts vehicles. ` +
          `With \`format=aces\` an ACES 4.2 file (\`application/xml\`, at most ${ACES_MAX_APPS.toLocaleString('en-US')} Apps, ` +
          `${XML_IMPORT_MAX_BYTES / 1024 / 1024} MB, no DOCTYPE): its Apps add (A) and delete (D) applications, a FULL submission replaces ` +
          'every application of the parts it names; the report counts applications, its errors name the App id. ' +
          '`dryRun=true` only checks. Any problem and nothing is written: a real import with problems answers 422 with the report. ' +
          IMPORT_TURNS_DESCRIPTION,
        consumes: ['text/csv', 'application/xml'],
        querystring: fitmentImportQuerySchema,
        body: importBodySchema,
        response: { 200: z.union([tradeImportReportSchema, importReportSchema]), 422: z.union([tradeImportRefusedSchema, importRefusedSchema]) },
      },
    },
    async (request, reply) => {
      const { kind = 'applications', format, dryRun } = request.query;
      const file = await importFile(request, reply, format);
      const run = { admin: requireViewer(request), dryRun: dryRun === 'true' };
      if (file.xml !== undefined) {
        const xml = file.xml;
        return answerImport(reply, { db, cache, imports }, run, (executor) => checkAcesXml(executor, xml), describeAcesImport);
      }
      const body = file.csv;
      if (kind === 'vcdb') {
        const answer = await answerImport(reply, { db, cache, imports }, run, (executor) => checkVcdbCsv(executor, body), (report) => describeImport(kind, report));
        if (reply.statusCode < 300 && !run.dryRun) cache.invalidate('vehicles');
        return answer;
      }
      const checkFile = (executor: Executor) => checkFitmentCsv(executor, kind, body);
      return answerImport(reply, { db, cache, imports }, run, checkFile, (report) => describeImport(kind, report));
    },
  );

  api.get(
    '/api/fitment/export.xml',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description:
          "`format=aces`: every listed part's applications as one FULL ACES 4.2 document, vehicles named by their VCdb ids " +
          '(an application whose vehicle has none in our base is left out, with an XML comment). Imported again it reports every App unchanged.',
        produces: ['application/xml'],
        querystring: acesExportQuerySchema,
      },
    },
    async (_request, reply) => sendXml(reply, 'aces', exportAcesXml(db.kysely, { company: shopName, today: new Date().toISOString().slice(0, 10) })),
  );
}

const IMPORT_NAMES: Record<FitmentKind | 'vcdb', string> = { applications: 'applications import: parts', numbers: 'cross-reference numbers import: parts', vcdb: 'VCdb ids import: vehicles' };

function describeImport(kind: FitmentKind | 'vcdb', { created, updated, unchanged }: ImportReport): string {
  return `${IMPORT_NAMES[kind]} ${created} created, ${updated} updated, ${unchanged} unchanged`;
}

function describeAcesImport({ created, updated, deleted, unchanged }: TradeImportReport): string {
  return `ACES import: applications ${created} created, ${updated} updated, ${deleted} deleted, ${unchanged} unchanged`;
}
