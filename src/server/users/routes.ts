import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminFlagSchema, userSchema } from '../../shared/api.js';
import { emailSchema, profileUpdateSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { recordAdminAction } from '../audit/service.js';
import { requireViewer } from '../http/access.js';
import { demoteAdmin, findActiveUserByEmail, getActiveUser, listActiveUsers, setRole, toUserDto, updateProfile } from './service.js';

const emailParams = z.object({ email: emailSchema });
/** `{ admin: false }` demotes an admin; no body, or `{ admin: true }`, promotes. */
const adminChangeSchema = adminFlagSchema.nullish();
const tags = ['users'];

export async function usersRoutes(app: FastifyInstance, { db }: AppContext) {
  const api = typed(app);

  api.get(
    '/api/user',
    { config: { access: 'admin' }, schema: { tags, response: { 200: z.array(userSchema) } } },
    async () => (await listActiveUsers(db.kysely)).map(toUserDto),
  );

  api.get(
    '/api/user/:email',
    { config: { access: 'self' }, schema: { tags, params: emailParams, response: { 200: userSchema } } },
    async (request) => toUserDto(await getActiveUser(db.kysely, request.params.email)),
  );

  api.patch(
    '/api/user/:email',
    {
      config: { access: 'self' },
      schema: { tags, params: emailParams, body: profileUpdateSchema, response: { 200: userSchema } },
    },
    async (request) => toUserDto(await updateProfile(db.kysely, request.params.email, request.body)),
  );

  api.put(
    '/api/user/admin/:email',
    { config: { access: 'admin' }, schema: { tags, params: emailParams, body: adminChangeSchema, response: { 200: userSchema } } },
    async (request) => {
      const admin = requireViewer(request);
      // No body (as the original storefront's contract, docs/legacy-contract.md, sends it) promotes.
      const makeAdmin = request.body?.admin ?? true;
      const changed = await db.kysely.transaction().execute(async (trx) => {
        const user = await getActiveUser(trx, request.params.email);
        if (!makeAdmin) {
          if (user.role !== 'admin') return user;
          await recordAdminAction(trx, admin, 'user.demote', user.email);
          return demoteAdmin(trx, user.id);
        }
        await recordAdminAction(trx, admin, 'user.promote', user.email);
        return setRole(trx, user.id, 'admin');
      });
      return toUserDto(changed);
    },
  );

  api.get(
    '/api/admin/:email',
    { config: { access: 'self' }, schema: { tags, params: emailParams, response: { 200: adminFlagSchema } } },
    async (request) => {
      const user = await findActiveUserByEmail(db.kysely, request.params.email);
      return { admin: user?.role === 'admin' };
    },
  );
}
