import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  type AuditAction,
  categorySummarySchema,
  IMPORT_LISTED_CHANGES_MAX,
  type ImportReport,
  lowStockItemSchema,
  productChangeSchema,
  productImportRefusedSchema,
  productImportReportSchema,
  productPageSchema,
  productSchema,
  type TradeImportReport,
  tradeImportRefusedSchema,
  tradeImportReportSchema,
} from '../../shared/api.js';
import { adminProductListQuerySchema, fieldMessages, idSchema, piesExportQuerySchema, PRODUCT_PAGE_SIZE, productImportQuerySchema, productListQuerySchema, categoryCountQuerySchema, type ProductListQuery, skuSchema } from '../../shared/schemas.js';
import { productInputSchema, productPatchSchema, restockSchema } from '../../shared/product-schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { recordAdminAction } from '../audit/service.js';
import type { Executor } from '../db/schema.js';
import { getVehicle } from '../fitment/service.js';
import { requireViewer } from '../http/access.js';
import { sendCsv } from '../http/csv.js';
import { CSV_COLUMNS, exportProductsCsv } from './csv-export.js';
import { checkProductsCsv, importTemplateCsv } from './csv-import.js';
import { acceptCsvBodies, answerImport, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportContext, IMPORT_TURNS_DESCRIPTION, importTurns } from './csv-sheet.js';
import { fitmentRoutes } from './fitment-routes.js';
import { synonymGroupsAnswerSchema, synonymGroupsSchema } from '../../shared/choosing.js';
import { replaceSynonymGroups, synonymGroups } from './spelling.js';
import { stockAlertSchema } from '../../shared/choosing.js';
import { askStockAlert, cancelStockAlert, stockAlertsOf } from './stock-alerts.js';
import { LOW_STOCK_LIMIT, lowStock } from './low-stock.js';
import { checkPiesXml, exportPiesXml, PIES_MAX_ITEMS } from './pies.js';
import { acceptXmlBodies, importBodySchema, importFile, sendXml, XML_IMPORT_MAX_BYTES } from './trade-xml.js';
import { stockMovementPageSchema, stockMovementQuerySchema } from '../../shared/back-office.js';
import { STOCK_MOVEMENT_CSV_COLUMNS } from './stock-ledger.js';
import {
  categorySummaries,
  createProduct,
  exportStockMovementsCsv,
  getListedProduct,
  listedProductDtos,
  listProducts,
  type ProductListOptions,
  productChanges,
  productDto,
  restockProduct,
  stockMovementPage,
  updateProduct,
  visibleProductDto,
  visibleProductDtoBySku,
} from './service.js';

const idParams = z.object({ id: idSchema });
const tags = ['catalog'];
/** What an old client that asks for "all products" gets at most. */
const LEGACY_CAP = 100;

export async function catalogRoutes(app: FastifyInstance, { db, cache, config, afterStockRaised, memberPrices }: AppContext) {
  const api = typed(app);
  const imports = importTurns();
  await app.register(transferRoutes, { db, cache, imports, shopName: config.shop.name, afterStockRaised });
  await app.register(stockAlertRoutes, { db });
  await app.register(fitmentRoutes, { db, cache, imports, shopName: config.shop.name, memberPrices });

  api.get(
    '/api/products',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'Parts for sale. `q` searches names, part numbers (however spelled), descriptions and specs, best matches first ' +
          'unless `sort` says otherwise; `category` is a slug; `inStock=true` keeps parts that can be ordered. ' +
          '`vehicle` (an id of GET /api/vehicles) keeps the parts that fit it, each with `fitment: { fits, qualifier, position }`; ' +
          'with `fitsOnly=false` every part comes, `fits` saying whether it fits (404 for an unknown vehicle). ' +
          'With `limit` or `cursor`: one page `{ items, nextCursor }`. Without: an array (for old clients) capped at ' +
          `${LEGACY_CAP} products, with \`X-Result-Limit\` and, when more exist, \`X-More-Results: true\`.`,
        querystring: productListQuerySchema,
        response: { 200: z.union([productPageSchema, z.array(productSchema)]) },
      },
    },
    async (request, reply) =>
      cache.serveDecorated(request, reply, 'catalog', async () => {
        const { limit, cursor } = request.query;
        const paged = limit !== undefined || cursor !== undefined;
        const page = await productPage(db.kysely, request.query, { status: 'for-sale', limit: paged ? (limit ?? PRODUCT_PAGE_SIZE.default) : LEGACY_CAP });
        if (paged) return { body: page };
        const headers: Record<string, string> = { 'x-result-limit': String(LEGACY_CAP) };
        if (page.nextCursor !== null) headers['x-more-results'] = 'true';
        return { body: page.items, headers };
      }, await memberPrices(request)),
  );

  api.get(
    '/api/products/:id',
    { config: { access: 'public' }, schema: { tags, params: idParams, response: { 200: productSchema } } },
    async (request, reply) =>
      cache.serveDecorated(request, reply, 'catalog', async () => ({ body: await visibleProductDto(db.kysely, request.params.id) }), await memberPrices(request)),
  );

  api.get(
    '/api/products/sku/:sku',
    {
      config: { access: 'public' },
      schema: { tags, description: 'A part for sale by its part number, spelled any way (`bl-1507`, `BL 1507`).', params: z.object({ sku: skuSchema }), response: { 200: productSchema } },
    },
    async (request, reply) =>
      cache.serveDecorated(request, reply, 'catalog', async () => ({ body: await visibleProductDtoBySku(db.kysely, request.params.sku) }), await memberPrices(request)),
  );

  api.get(
    '/api/categories',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'Every category and how many parts it has for sale; with `q`, `inStock`, `vehicle` and `fitsOnly` (as GET /api/products ' +
          'reads them) how many of them that list shows in each category (404 for an unknown vehicle).',
        querystring: categoryCountQuerySchema,
        response: { 200: z.array(categorySummarySchema) },
      },
    },
    async (request, reply) =>
      cache.serve(request, reply, 'catalog', async () => {
        const { q, inStock, vehicle: vehicleId, fitsOnly } = request.query;
        const vehicle = vehicleId === undefined ? undefined : await getVehicle(db.kysely, vehicleId);
        return { body: await categorySummaries(db.kysely, { q, inStock: inStock === 'true', vehicle, fitsOnly: fitsOnly !== 'false' }) };
      }),
  );

  api.post(
    '/api/products',
    {
      config: { access: 'admin', changes: 'catalog' },
      schema: { tags, body: productInputSchema, response: { 201: productSchema } },
    },
    async (request, reply) => {
      const admin = requireViewer(request);
      const product = await db.kysely.transaction().execute(async (trx) => {
        const created = await createProduct(trx, admin, request.body);
        await recordAdminAction(trx, admin, 'product.create', describe(created));
        return created;
      });
      return reply.status(201).send(await productDto(db.kysely, product));
    },
  );

  api.patch(
    '/api/products/:id',
    {
      config: { access: 'admin', changes: 'catalog' },
      schema: { tags, description: 'Changes any field; `active: false` archives the part, `true` restores it.', params: idParams, body: productPatchSchema, response: { 200: productSchema } },
    },
    async (request) => {
      const admin = requireViewer(request);
      const { active } = request.body;
      const action: AuditAction = active === false ? 'product.archive' : active === true ? 'product.restore' : 'product.update';
      const product = await db.kysely.transaction().execute(async (trx) => {
        const updated = await updateProduct(trx, admin, request.params.id, request.body);
        await recordAdminAction(trx, admin, action, describe(updated));
        await afterStockRaised(trx);
        return updated;
      });
      return productDto(db.kysely, product);
    },
  );

  api.post(
    '/api/products/:id/restock',
    { config: { access: 'admin', changes: 'catalog' }, schema: { tags, description: 'Adds units that arrived to the stock.', params: idParams, body: restockSchema, response: { 200: productSchema } } },
    async (request) => {
      const admin = requireViewer(request);
      const product = await db.kysely.transaction().execute(async (trx) => {
        const restocked = await restockProduct(trx, admin, request.params.id, request.body.quantity);
        await recordAdminAction(trx, admin, 'product.restock', `${describe(restocked)}: +${request.body.quantity} units`);
        await afterStockRaised(trx);
        return restocked;
      });
      return productDto(db.kysely, product);
    },
  );

  api.get(
    '/api/products/:id/changes',
    { config: { access: 'admin' }, schema: { tags, description: 'Every change of the price or stock: who, when, from, to.', params: idParams, response: { 200: z.array(productChangeSchema) } } },
    async (request) => {
      await getListedProduct(db.kysely, request.params.id);
      return productChanges(db.kysely, request.params.id);
    },
  );

  api.get(
    '/api/products/:id/stock-movements',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description:
          "Every change of the part's stock (order placed, cancelled, expired, restock, edit, import, return), newest first, a page at a time " +
          "(`limit`, then the page's `nextCursor` as `cursor`): when, by how much, the stock after, the order and who.",
        params: idParams,
        querystring: stockMovementQuerySchema,
        response: { 200: stockMovementPageSchema },
      },
    },
    async (request) => {
      await getListedProduct(db.kysely, request.params.id);
      return stockMovementPage(db.kysely, request.params.id, request.query);
    },
  );

  api.get(
    '/api/products/:id/stock-movements.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description: `Every row of the part's stock ledger, newest first, as CSV with the columns ${STOCK_MOVEMENT_CSV_COLUMNS.join(', ')}; cells guarded as in the catalog export.`,
        produces: ['text/csv'],
        params: idParams,
      },
    },
    async (request, reply) => {
      await getListedProduct(db.kysely, request.params.id);
      return sendCsv(reply, `stock-movements-${request.params.id}`, exportStockMovementsCsv(db.kysely, request.params.id));
    },
  );

  api.get(
    '/api/admin/products',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description: 'The admin\'s catalog page by page, archived parts too (`status`); `vehicle` and `fitsOnly` as for the shop.',
        querystring: adminProductListQuerySchema,
        response: { 200: productPageSchema },
      },
    },
    async (request) => {
      const { status, ...query } = request.query;
      return productPage(db.kysely, query, { status: status ?? 'all', limit: query.limit ?? PRODUCT_PAGE_SIZE.default });
    },
  );

  api.get(
    '/api/admin/products/:id',
    { config: { access: 'admin' }, schema: { tags, params: idParams, response: { 200: productSchema } } },
    async (request) => productDto(db.kysely, await getListedProduct(db.kysely, request.params.id)),
  );

  // Choosing parts (issue 65): the synonyms the search applies both ways.
  api.get(
    '/api/admin/search/synonyms',
    { config: { access: 'admin' }, schema: { tags, description: 'The groups of terms the search takes for one another.', response: { 200: synonymGroupsAnswerSchema } } },
    async () => synonymGroups(db.kysely),
  );

  api.put(
    '/api/admin/search/synonyms',
    {
      config: { access: 'admin', changes: 'catalog' },
      schema: {
        tags,
        description: 'Replaces every group (written to the audit log as `search.synonyms`). A term is up to three words (lower-cased as the search reads them) and belongs to one group; a group has 2 to 10 terms.',
        body: synonymGroupsSchema,
        response: { 200: synonymGroupsAnswerSchema },
      },
    },
    async (request) => {
      const admin = requireViewer(request);
      await db.kysely.transaction().execute(async (trx) => {
        await replaceSynonymGroups(trx, request.body);
        await recordAdminAction(trx, admin, 'search.synonyms', `${request.body.groups.length} synonym groups`);
      });
      return synonymGroups(db.kysely);
    },
  );

  api.get(
    '/api/admin/low-stock',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description:
          'The parts for sale at or below their reorder threshold (their own, else LOW_STOCK_THRESHOLD), lowest stock first, then by name: ' +
          `at most ${LOW_STOCK_LIMIT}, with \`X-Result-Limit\` and, when more are low, \`X-More-Results: true\`.`,
        response: { 200: z.array(lowStockItemSchema) },
      },
    },
    async (_request, reply) => {
      const { items, more } = await lowStock(db.kysely, config.lowStockThreshold);
      reply.header('x-result-limit', String(LOW_STOCK_LIMIT));
      if (more) reply.header('x-more-results', 'true');
      return items;
    },
  );
}

/**
 * One page of a product list. With a vehicle (404 when the base has none of that id): only the parts
 * that fit it (all of them with `fitsOnly=false`), each saying how it fits.
 */
async function productPage(
  db: Executor,
  { inStock, vehicle: vehicleId, fitsOnly, ...filters }: ProductListQuery,
  { status, limit }: Pick<ProductListOptions, 'status' | 'limit'>,
) {
  const vehicle = vehicleId === undefined ? undefined : await getVehicle(db, vehicleId);
  const page = await listProducts(db, { ...filters, inStock: inStock === 'true', vehicle, fitsOnly: fitsOnly !== 'false', status, limit });
  return { items: listedProductDtos(page.rows), nextCursor: page.nextCursor, didYouMean: page.didYouMean };
}

const flag = z.enum(['true', 'false'], { error: fieldMessages.booleanInvalid }).optional();

/** The catalog out to a CSV file and back: a plugin of its own, so only these routes read `text/csv` bodies. */
async function transferRoutes(
  app: FastifyInstance,
  { db, cache, imports, shopName, afterStockRaised }: ImportContext & { shopName: string } & Pick<AppContext, 'afterStockRaised'>,
) {
  acceptCsvBodies(app);
  acceptXmlBodies(app);
  const api = typed(app);

  api.get(
    '/api/products/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description:
          `Every product the admins list (archived too), by id, as CSV with the columns ${CSV_COLUMNS.join(', ')}. ` +
          'Cells that a spreadsheet would run as a formula start with a quote. `bom=true` starts the file with a UTF-8 byte-order mark (for Excel).',
        produces: ['text/csv'],
        querystring: z.object({ bom: flag }),
      },
    },
    async (request, reply) => sendCsv(reply, 'products', exportProductsCsv(db.kysely, { bom: request.query.bom === 'true' })),
  );

  api.get(
    '/api/products/import-template.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description: `A CSV file to start an import from: the columns the import reads (${CSV_COLUMNS.join(', ')}) and one made-up part it imports as it is.`,
        produces: ['text/csv'],
      },
    },
    async (_request, reply) => sendCsv(reply, 'import-template', importTemplateCsv()),
  );

  api.post(
    '/api/products/import',
    {
      config: { access: 'admin', changes: 'catalog' },
      bodyLimit: XML_IMPORT_MAX_BYTES,
      schema: {
        tags,
        description:
          `A CSV file (\`text/csv\`, as the export writes it, at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows, ` +
          `${IMPORT_MAX_BYTES / 1024 / 1024} MB): a row whose sku the catalog has ` +
          '(however spelled) updates that part, any other row adds one. ' +
          `With \`format=pies\` a PIES 7.2 file (\`application/xml\`, at most ${PIES_MAX_ITEMS.toLocaleString('en-US')} Items, no DOCTYPE): ` +
          'MaintenanceType A adds a part (or changes the one with that PartNumber), C changes one, D archives one; the report counts parts, ' +
          'its errors name the PartNumber, and `ignored` lists prices of types other than LST. ' +
          '`dryRun=true` only checks. Any problem and nothing is written: a real import with problems answers 422 with the report. ' +
          `A CSV report lists the first ${IMPORT_LISTED_CHANGES_MAX.toLocaleString('en-US')} rows that add or change a part (\`changes\`: each field from → to) ` +
          'and its errors name the part number and the cell (`sku`, `value`); `errorCount` counts every problem. ' +
          IMPORT_TURNS_DESCRIPTION,
        consumes: ['text/csv', 'application/xml'],
        querystring: productImportQuerySchema,
        body: importBodySchema,
        response: {
          200: z.union([tradeImportReportSchema, productImportReportSchema]),
          422: z.union([tradeImportRefusedSchema, productImportRefusedSchema]),
        },
      },
    },
    async (request, reply) => {
      const admin = requireViewer(request);
      const file = await importFile(request, reply, request.query.format);
      const run = { admin, dryRun: request.query.dryRun === 'true' };
      if (file.xml !== undefined) {
        const xml = file.xml;
        return answerImport(reply, { db, cache, imports }, run, (executor) => checkPiesXml(executor, admin, xml), describePiesImport);
      }
      const body = file.csv;
      const checkFile = async (executor: Executor) => {
        const checked = await checkProductsCsv(executor, admin, body);
        // An import may make parts orderable again: their waiting buyers are told in its transaction.
        const write = async (trx: Executor) => {
          const done = await checked.write(trx);
          if (done.errors.length === 0) await afterStockRaised(trx);
          return done;
        };
        return { ...checked, write };
      };
      return answerImport(reply, { db, cache, imports }, run, checkFile, describeImport);
    },
  );

  api.get(
    '/api/products/export.xml',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description:
          '`format=pies`: every product the admins list as a PIES 7.2 Item, by id (an archived one with MaintenanceType D). ' +
          'Imported again it reports every Item unchanged.',
        produces: ['application/xml'],
        querystring: piesExportQuerySchema,
      },
    },
    async (_request, reply) => sendXml(reply, 'pies', exportPiesXml(db.kysely, { company: shopName, today: new Date().toISOString().slice(0, 10) })),
  );
}

function describePiesImport({ created, updated, deleted, unchanged }: TradeImportReport): string {
  return `PIES import: parts ${created} created, ${updated} updated, ${deleted} archived, ${unchanged} unchanged`;
}

function describeImport({ created, updated, unchanged }: ImportReport): string {
  return `catalog import: ${created} created, ${updated} updated, ${unchanged} unchanged`;
}

function describe(product: { id: number; sku: string; name: string }): string {
  return `product ${product.id} ${product.sku} ${product.name}`;
}

/** Back-in-stock alerts (issue 65): a signed-in buyer asks to be told once a part can be ordered again. */
async function stockAlertRoutes(app: FastifyInstance, { db }: Pick<AppContext, 'db'>) {
  const api = typed(app);
  api.post(
    '/api/products/:id/stock-alert',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: 'Asks for one e-mail once the part can be ordered again (409 while it can be ordered). Asking again changes nothing.',
        params: idParams,
        response: { 201: stockAlertSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await askStockAlert(db.kysely, requireViewer(request).id, request.params.id)),
  );
  api.delete(
    '/api/products/:id/stock-alert',
    { config: { access: 'user' }, schema: { tags, description: "Cancels the account's alert of the part (if any).", params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await cancelStockAlert(db.kysely, requireViewer(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
  api.get(
    '/api/stock-alerts',
    { config: { access: 'user' }, schema: { tags, description: "The account's alerts still waiting, newest first.", response: { 200: z.array(stockAlertSchema) } } },
    async (request) => stockAlertsOf(db.kysely, requireViewer(request).id),
  );
}
