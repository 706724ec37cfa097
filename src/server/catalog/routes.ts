import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { productPageSchema, productSchema } from '../../shared/api.js';
import { idSchema, PRODUCT_PAGE_SIZE, productInputSchema, productListQuerySchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { recordAdminAction } from '../audit/service.js';
import { requireViewer } from '../http/access.js';
import { createProduct, getVisibleProduct, listProducts, toProductDto } from './service.js';

const idParams = z.object({ id: idSchema });
const tags = ['catalog'];
/** What an old client that asks for "all products" gets at most. */
const LEGACY_CAP = 100;

export async function catalogRoutes(app: FastifyInstance, { db, cache }: AppContext) {
  const api = typed(app);

  api.get(
    '/api/products',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'With `limit` or `cursor`: one page `{ items, nextCursor }`. Without: an array (for old clients) capped at ' +
          `${LEGACY_CAP} products, with \`X-Result-Limit\` and, when more exist, \`X-More-Results: true\`.`,
        querystring: productListQuerySchema,
        response: { 200: z.union([productPageSchema, z.array(productSchema)]) },
      },
    },
    async (request, reply) =>
      cache.serve(request, reply, 'catalog', async () => {
        const { q, limit, cursor } = request.query;
        const paged = limit !== undefined || cursor !== undefined;
        const size = paged ? (limit ?? PRODUCT_PAGE_SIZE.default) : LEGACY_CAP;
        const rows = await listProducts(db.kysely, { q, limit: size + 1, beforeId: cursor ? Number(cursor) : undefined });
        const items = rows.slice(0, size).map(toProductDto);
        const more = rows.length > size;
        if (paged) return { body: { items, nextCursor: more ? items.at(-1)!._id : null } };
        return { body: items, headers: { 'x-result-limit': String(LEGACY_CAP), ...(more ? { 'x-more-results': 'true' } : {}) } };
      }),
  );

  api.get(
    '/api/products/:id',
    { config: { access: 'public' }, schema: { tags, params: idParams, response: { 200: productSchema } } },
    async (request, reply) =>
      cache.serve(request, reply, 'catalog', async () => ({ body: toProductDto(await getVisibleProduct(db.kysely, request.params.id)) })),
  );

  api.post(
    '/api/products',
    {
      config: { access: 'admin' },
      schema: { tags, body: productInputSchema, response: { 201: productSchema } },
    },
    async (request, reply) => {
      const admin = requireViewer(request);
      const product = await db.kysely.transaction().execute(async (trx) => {
        const created = await createProduct(trx, request.body);
        await recordAdminAction(trx, admin, 'product.create', `product ${created.id} ${created.name}`);
        return created;
      });
      cache.invalidate('catalog');
      return reply.status(201).send(toProductDto(product));
    },
  );
}
