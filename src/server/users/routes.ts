import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminFlagSchema, userSchema } from '../../shared/api.js';
import { emailSchema, profileUpdateSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { recordAdminAction } from '../audit/service.js';
import { requireSelfOrAdmin, requireViewer } from '../auth/guards.js';
import {
  findActiveUserByEmail,
  getActiveUser,
  listActiveUsers,
  removeUser,
  setRole,
  toUserDto,
  updateProfile,
} from './service.js';

const emailParams = z.object({ email: emailSchema });
const tags = ['users'];

export async function usersRoutes(app: FastifyInstance, { db }: AppContext) {
  const api = typed(app);

  api.get(
    '/api/user',
    { config: { access: 'admin' }, schema: { tags, response: { 200: z.array(userSchema) } } },
    async () => (await listActiveUsers(db)).map(toUserDto),
  );

  api.get(
    '/api/user/:email',
    { config: { access: 'user' }, schema: { tags, params: emailParams, response: { 200: userSchema } } },
    async (request) => {
      requireSelfOrAdmin(request, request.params.email);
      return toUserDto(await getActiveUser(db, request.params.email));
    },
  );

  api.patch(
    '/api/user/:email',
    {
      config: { access: 'user' },
      schema: { tags, params: emailParams, body: profileUpdateSchema, response: { 200: userSchema } },
    },
    async (request) => {
      requireSelfOrAdmin(request, request.params.email);
      return toUserDto(await updateProfile(db, request.params.email, request.body));
    },
  );

  api.put(
    '/api/user/admin/:email',
    { config: { access: 'admin' }, schema: { tags, params: emailParams, response: { 200: userSchema } } },
    async (request) => {
      const user = await getActiveUser(db, request.params.email);
      const promoted = await setRole(db, user.id, 'admin');
      await recordAdminAction(db, requireViewer(request), 'user.promote', user.email);
      return toUserDto(promoted);
    },
  );

  api.delete(
    '/api/user/:email',
    { config: { access: 'admin' }, schema: { tags, params: emailParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const admin = requireViewer(request);
      await removeUser(db, request.params.email, admin);
      await recordAdminAction(db, admin, 'user.remove', request.params.email);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/admin/:email',
    { config: { access: 'user' }, schema: { tags, params: emailParams, response: { 200: adminFlagSchema } } },
    async (request) => {
      requireSelfOrAdmin(request, request.params.email);
      const user = await findActiveUserByEmail(db, request.params.email);
      return { admin: user?.role === 'admin' };
    },
  );
}
