import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { productSchema } from '../../shared/api.js';
import { idSchema, productInputSchema, productSearchSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { sendWithEtag } from '../http/etag.js';
import { createProduct, getVisibleProduct, listProducts, removeProduct, toProductDto } from './service.js';

const idParams = z.object({ id: idSchema });
const tags = ['catalog'];

export async function catalogRoutes(app: FastifyInstance, { db }: AppContext) {
  const api = typed(app);

  api.get(
    '/api/products',
    {
      config: { access: 'public' },
      schema: { tags, querystring: productSearchSchema, response: { 200: z.array(productSchema) } },
    },
    async (request, reply) => sendWithEtag(request, reply, (await listProducts(db, request.query.q)).map(toProductDto)),
  );

  api.get(
    '/api/products/:id',
    { config: { access: 'public' }, schema: { tags, params: idParams, response: { 200: productSchema } } },
    async (request, reply) => sendWithEtag(request, reply, toProductDto(await getVisibleProduct(db, request.params.id))),
  );

  api.post(
    '/api/products',
    {
      config: { access: 'admin' },
      schema: { tags, body: productInputSchema, response: { 201: productSchema } },
    },
    async (request, reply) => reply.status(201).send(toProductDto(await createProduct(db, request.body))),
  );

  api.delete(
    '/api/products/:id',
    { config: { access: 'admin' }, schema: { tags, params: idParams, response: { 200: productSchema } } },
    async (request) => toProductDto(await removeProduct(db, request.params.id)),
  );
}
