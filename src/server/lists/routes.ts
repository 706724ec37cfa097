import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { listInputSchema, listSummarySchema, listUpdateSchema, type PartsList, partsListSchema } from '../../shared/choosing.js';
import { idSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { requireViewer } from '../http/access.js';
import { createList, deleteList, getList, listsOf, updateList } from './service.js';

const tags = ['lists'];
const idParams = z.object({ id: idSchema });

/** Saved parts lists: each signed-in buyer their own; another account's list is answered 404. */
export async function listsRoutes(app: FastifyInstance, { db, memberPrices }: AppContext) {
  const api = typed(app);
  /** The list with a trade member's own prices on its parts (app.ts gives the flows' decoration). */
  const theirs = async (request: FastifyRequest, list: PartsList): Promise<PartsList> => {
    const decorate = await memberPrices(request);
    return decorate ? ((await decorate(list)) as PartsList) : list;
  };

  api.get(
    '/api/lists',
    { config: { access: 'user' }, schema: { tags, description: "The account's lists, newest first.", response: { 200: z.array(listSummarySchema) } } },
    async (request) => listsOf(db.kysely, requireViewer(request).id),
  );

  api.post(
    '/api/lists',
    {
      config: { access: 'user' },
      schema: { tags, description: 'A new list, with lines of parts for sale (each part once) or none.', body: listInputSchema, response: { 201: partsListSchema } },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const id = await createList(db.kysely, viewer.id, request.body);
      return reply.status(201).send(await theirs(request, await getList(db.kysely, viewer.id, id)));
    },
  );

  api.get(
    '/api/lists/:id',
    { config: { access: 'user' }, schema: { tags, description: 'The list with each part as it is now (null: no longer sold).', params: idParams, response: { 200: partsListSchema } } },
    async (request) => theirs(request, await getList(db.kysely, requireViewer(request).id, request.params.id)),
  );

  api.put(
    '/api/lists/:id',
    { config: { access: 'user' }, schema: { tags, description: 'Renames the list and/or replaces its lines.', params: idParams, body: listUpdateSchema, response: { 200: partsListSchema } } },
    async (request) => {
      const viewer = requireViewer(request);
      await updateList(db.kysely, viewer.id, request.params.id, request.body);
      return theirs(request, await getList(db.kysely, viewer.id, request.params.id));
    },
  );

  api.delete(
    '/api/lists/:id',
    { config: { access: 'user' }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteList(db.kysely, requireViewer(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
