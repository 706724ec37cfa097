import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addressSchema } from '../../shared/checkout-api.js';
import { addressInputSchema, addressPatchSchema } from '../../shared/checkout-schemas.js';
import { idSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { membershipOf } from '../companies/service.js';
import { requireViewer } from '../http/access.js';
import { ADDRESSES_MAX, createAddress, deleteAddress, listAddresses, updateAddress } from './service.js';

const tags = ['addresses'];
const idParams = z.object({ id: idSchema });

export async function addressesRoutes(app: FastifyInstance, { db: { kysely: db } }: AppContext) {
  const api = typed(app);
  /** The caller and the company whose book they share (read fresh: a removed member has none). */
  const bookOf = async (request: FastifyRequest) => {
    const viewer = requireViewer(request);
    return { userId: viewer.id, companyId: (await membershipOf(db, viewer.id))?.companyId ?? null };
  };

  api.get(
    '/api/addresses',
    { config: { access: 'user' }, schema: { tags, description: "The signed-in buyer's saved addresses, the default first; a member of an approved company gets the company's shared book with them (and saves into it).", response: { 200: z.array(addressSchema) } } },
    async (request) => {
      const { userId, companyId } = await bookOf(request);
      return listAddresses(db, userId, companyId);
    },
  );

  api.post(
    '/api/addresses',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description: `Saves an address (the first one, or one sent with \`isDefault: true\`, becomes the default); 409 beyond ${ADDRESSES_MAX}.`,
        body: addressInputSchema,
        response: { 201: addressSchema },
      },
    },
    async (request, reply) => {
      const { userId, companyId } = await bookOf(request);
      return reply.status(201).send(await createAddress(db, userId, request.body, companyId));
    },
  );

  api.patch(
    '/api/addresses/:id',
    {
      config: { access: 'user' },
      schema: { tags, description: 'Changes some fields of one of your addresses; `isDefault: true` makes it the default. Another account\'s address is not found.', params: idParams, body: addressPatchSchema, response: { 200: addressSchema } },
    },
    async (request) => {
      const { userId, companyId } = await bookOf(request);
      return updateAddress(db, userId, request.params.id, request.body, companyId);
    },
  );

  api.delete(
    '/api/addresses/:id',
    { config: { access: 'user' }, schema: { tags, description: 'Deletes one of your addresses (the newest other one becomes the default if it was).', params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const { userId, companyId } = await bookOf(request);
      await deleteAddress(db, userId, request.params.id, companyId);
      return reply.status(204).send(null);
    },
  );
}
