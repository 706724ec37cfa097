import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authResponseSchema, userSchema } from '../../shared/api.js';
import { errorMessages } from '../../shared/messages.js';
import { loginSchema, registerSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { requireViewer } from '../http/access.js';
import { HttpError } from '../http/errors.js';
import { createUser, getUserById, findActiveUserByEmail, toUserDto } from '../users/service.js';
import { AccountLockout } from './account-lockout.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { createSession, revokeSession } from './sessions.js';

const invalidCredentials = () => new HttpError(401, 'invalid_credentials', errorMessages.invalidCredentials);
const tooManyAttempts = () => new HttpError(429, 'rate_limited', errorMessages.tooManyAttempts);

export async function authRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const lockout = new AccountLockout(config.loginFailuresPerAccount);
  const rateLimit = { max: config.loginRateLimitPerMinute, timeWindow: 60_000 };

  typed(app).post(
    '/api/auth/register',
    {
      config: { access: 'public', rateLimit },
      schema: { tags: ['accounts'], body: registerSchema, response: { 201: authResponseSchema } },
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      const user = await createUser(db.kysely, { name, email, passwordHash: await hashPassword(password) });
      const token = await createSession(db.kysely, user.id, config.sessionTtlMs);
      return reply.status(201).send({ token, user: toUserDto(user) });
    },
  );

  typed(app).post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit },
      schema: { tags: ['accounts'], body: loginSchema, response: { 200: authResponseSchema } },
    },
    async (request) => {
      const { email, password } = request.body;
      if (lockout.isLocked(email)) throw tooManyAttempts();
      const user = await findActiveUserByEmail(db.kysely, email);
      const ok = user?.password_hash
        ? await verifyPassword(password, user.password_hash)
        : await verifyAgainstDummy(password);
      if (!user || !ok) {
        lockout.recordFailure(email);
        throw invalidCredentials();
      }
      lockout.reset(email);
      const token = await createSession(db.kysely, user.id, config.sessionTtlMs);
      return { token, user: toUserDto(user) };
    },
  );

  typed(app).post(
    '/api/auth/logout',
    { config: { access: 'user' }, schema: { tags: ['accounts'], response: { 204: z.null() } } },
    async (request, reply) => {
      await revokeSession(db.kysely, requireViewer(request).tokenHash);
      return reply.status(204).send(null);
    },
  );

  typed(app).get(
    '/api/me',
    { config: { access: 'user' }, schema: { tags: ['accounts'], response: { 200: userSchema } } },
    async (request) => toUserDto(await getUserById(db.kysely, requireViewer(request).id)),
  );
}
