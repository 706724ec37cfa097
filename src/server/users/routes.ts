import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminFlagSchema, userSchema } from '../../shared/api.js';
import { emailSchema, profileUpdateSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { recordAdminAction } from '../audit/service.js';
import { requireViewer } from '../http/access.js';
import { findActiveUserByEmail, getActiveUser, listActiveUsers, setRole, toUserDto, updateProfile } from './service.js';

const emailParams = z.object({ email: emailSchema });
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
    { config: { access: 'admin' }, schema: { tags, params: emailParams, response: { 200: userSchema } } },
    async (request) => {
      const admin = requireViewer(request);
      const promoted = await db.kysely.transaction().execute(async (trx) => {
        const user = await getActiveUser(trx, request.params.email);
        await recordAdminAction(trx, admin, 'user.promote', user.email);
        return setRole(trx, user.id, 'admin');
      });
      return toUserDto(promoted);
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
