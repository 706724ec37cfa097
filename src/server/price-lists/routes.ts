/**
 * Staff keep the price lists (admins only): PUT creates or replaces a list with all its fixed prices,
 * its fixed prices go out and come back as CSV. Which companies buy at a list is the companies domain's
 * to say: the flows give it in (`usage`), so that this domain never imports that one.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type PriceList, priceListIdSchema, priceListInputSchema, priceListSchema } from '../../shared/companies.js';
import { typed, type AppContext } from '../app-types.js';
import { recordAdminAction } from '../audit/service.js';
import { inTransaction, type Executor } from '../db/schema.js';
import { requireViewer } from '../http/access.js';
import { sendCsv } from '../http/csv.js';
import { fixedPricesOfCsv, PRICE_CSV_COLUMNS, priceListCsv } from './csv.js';
import { getPriceList, listPriceLists, replaceFixedPrices, savePriceList, type StoredPriceList } from './service.js';

/** What the companies know of the lists, given in by app.ts from the flows. */
export interface PriceListUsage {
  /** How many companies buy at each of these lists (a list none uses may be missing). */
  companiesUsing(db: Executor, ids: readonly string[]): Promise<Map<string, number>>;
  /** Deletes the list in the caller's transaction; 409 while a company buys at it, 404 when there is none. */
  remove(db: Executor, id: string): Promise<void>;
}

const tags = ['price lists'];
const idParams = z.object({ id: priceListIdSchema });
/** A file of 20,000 prices fits. */
const PRICE_FILE_MAX_BYTES = 2 * 1024 * 1024;

export async function priceListRoutes(app: FastifyInstance, { db, usage }: Pick<AppContext, 'db'> & { usage: PriceListUsage }) {
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const api = typed(app);

  const withCounts = async (executor: Executor, lists: StoredPriceList[]): Promise<PriceList[]> => {
    const counts = await usage.companiesUsing(executor, lists.map((list) => list.id));
    return lists.map((list) => ({ ...list, companyCount: counts.get(list.id) ?? 0 }));
  };

  api.get(
    '/api/admin/price-lists',
    { config: { access: 'admin' }, schema: { tags, description: 'Every price list by id, each with its fixed prices (with their part numbers and names) and how many companies buy at it.', response: { 200: z.array(priceListSchema) } } },
    async () => withCounts(db.kysely, await listPriceLists(db.kysely)),
  );

  api.get(
    '/api/admin/price-lists/:id',
    { config: { access: 'admin' }, schema: { tags, params: idParams, response: { 200: priceListSchema } } },
    async (request) => (await withCounts(db.kysely, [await getPriceList(db.kysely, request.params.id)]))[0]!,
  );

  api.put(
    '/api/admin/price-lists/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description:
          'Creates list `id` (lowercase letters, digits, dashes) or replaces it whole: its name, discount, validity and every fixed price, in one transaction. ' +
          '400 naming the line of a price whose part does not exist.',
        params: idParams,
        body: priceListInputSchema,
        response: { 200: priceListSchema },
      },
    },
    async (request) => {
      const admin = requireViewer(request);
      const { id } = request.params;
      return inTransaction(db.kysely, async (trx) => {
        const { created } = await savePriceList(trx, id, request.body);
        await recordAdminAction(trx, admin, 'priceList.save', `price list ${id} ${created ? 'created' : 'replaced'} (${request.body.name}, ${request.body.prices.length} fixed prices)`);
        return (await withCounts(trx, [await getPriceList(trx, id)]))[0]!;
      });
    },
  );

  api.delete(
    '/api/admin/price-lists/:id',
    { config: { access: 'admin' }, schema: { tags, description: 'Deletes the list and its prices; 409 while a company buys at it.', params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const admin = requireViewer(request);
      const { id } = request.params;
      await inTransaction(db.kysely, async (trx) => {
        const list = await getPriceList(trx, id);
        await usage.remove(trx, id);
        await recordAdminAction(trx, admin, 'priceList.remove', `price list ${id} (${list.name})`);
      });
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/admin/price-lists/:id/prices.csv',
    { config: { access: 'admin' }, schema: { tags, description: `The list's fixed prices as CSV with the columns ${PRICE_CSV_COLUMNS.join(',')} (dollars per unit).`, produces: ['text/csv'], params: idParams } },
    async (request, reply) => {
      const list = await getPriceList(db.kysely, request.params.id);
      return sendCsv(reply, `price-list-${list.id}`, priceListCsv(list));
    },
  );

  api.put(
    '/api/admin/price-lists/:id/prices.csv',
    {
      config: { access: 'admin' },
      bodyLimit: PRICE_FILE_MAX_BYTES,
      schema: {
        tags,
        description:
          `Replaces the list's fixed prices with a CSV file (\`text/csv\`, columns exactly ${PRICE_CSV_COLUMNS.join(',')}; an empty minQuantity is 1). ` +
          'A part number nothing has, or a price that is not a positive amount, is 400 naming the row (the header is row 1) and nothing is saved.',
        consumes: ['text/csv'],
        params: idParams,
        body: z.string(),
        response: { 200: priceListSchema },
      },
    },
    async (request) => {
      const admin = requireViewer(request);
      const { id } = request.params;
      return inTransaction(db.kysely, async (trx) => {
        const before = await getPriceList(trx, id);
        const prices = await fixedPricesOfCsv(trx, request.body);
        await replaceFixedPrices(trx, id, prices);
        await recordAdminAction(trx, admin, 'priceList.import', `price list ${id} (${before.name}, ${prices.length} fixed prices from CSV)`);
        return (await withCounts(trx, [await getPriceList(trx, id)]))[0]!;
      });
    },
  );
}
