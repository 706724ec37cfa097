import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authResponseSchema, sessionSchema, userSchema } from '../../shared/api.js';
import { errorMessages } from '../../shared/messages.js';
import {
  idSchema,
  loginSchema,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  registerSchema,
  verifyEmailSchema,
} from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { requireViewer } from '../http/access.js';
import { HttpError } from '../http/errors.js';
import { getUserById, toUserDto } from '../users/service.js';
import { AccountLockout } from './account-lockout.js';
import { afterAnswer, afterAnswersDone } from './after-answer.js';
import {
  changePassword,
  confirmPasswordReset,
  login,
  register,
  requestPasswordReset,
  resendVerification,
  verifyEmail,
} from './service.js';
import { listSessions, revokeOtherSessions, revokeSession, revokeSessionOf } from './sessions.js';

const tags = ['accounts'];
/** New confirmation links an account may ask for in an hour (the one sent at registration aside). */
const VERIFY_RESENDS_PER_HOUR = 3;

export async function authRoutes(app: FastifyInstance, { db: { kysely: db }, config, counters }: AppContext) {
  const api = typed(app);
  const lockout = new AccountLockout(counters, config.loginFailuresPerAccount);
  const rateLimit = { max: config.loginRateLimitPerMinute, timeWindow: 60_000 };
  const sessionFor = (request: FastifyRequest) => ({ ttlMs: config.sessionTtlMs, userAgent: request.headers['user-agent'] ?? '' });

  app.addHook('onClose', afterAnswersDone);

  api.post(
    '/api/auth/register',
    { config: { access: 'public', rateLimit }, schema: { tags, body: registerSchema, response: { 201: authResponseSchema } } },
    async (request, reply) => {
      const { user, token } = await register(db, request.body, sessionFor(request));
      return reply.status(201).send({ token, user: toUserDto(user) });
    },
  );

  api.post(
    '/api/auth/login',
    { config: { access: 'public', rateLimit }, schema: { tags, body: loginSchema, response: { 200: authResponseSchema } } },
    async (request) => {
      const { user, token } = await login(db, lockout, { ...request.body, ip: request.ip }, sessionFor(request));
      return { token, user: toUserDto(user) };
    },
  );

  api.post(
    '/api/auth/logout',
    { config: { access: 'user' }, schema: { tags, response: { 204: z.null() } } },
    async (request, reply) => {
      await revokeSession(db, requireViewer(request).tokenHash);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/me',
    { config: { access: 'user' }, schema: { tags, response: { 200: userSchema } } },
    async (request) => toUserDto(await getUserById(db, requireViewer(request).id)),
  );

  api.post(
    '/api/auth/password',
    { config: { access: 'user', rateLimit }, schema: { tags, body: passwordChangeSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await changePassword(db, lockout, requireViewer(request), { ...request.body, ip: request.ip });
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/auth/password-reset',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        description: 'Mails a single-use link (1 hour) if the account exists; the answer is the same either way.',
        body: passwordResetRequestSchema,
        response: { 202: z.null() },
      },
    },
    async (request, reply) => {
      // The same answer at once for every address; the throttles, the account and the mail come after it.
      afterAnswer(request, reply, () => requestPasswordReset(db, counters, { email: request.body.email, ip: request.ip }));
      return reply.status(202).send(null);
    },
  );

  api.post(
    '/api/auth/password-reset/confirm',
    { config: { access: 'public', rateLimit }, schema: { tags, body: passwordResetConfirmSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await confirmPasswordReset(db, lockout, { ...request.body, ip: request.ip });
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/auth/verify-email',
    { config: { access: 'public', rateLimit }, schema: { tags, body: verifyEmailSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await verifyEmail(db, request.body.token);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/auth/verify-email/resend',
    { config: { access: 'user', rateLimit }, schema: { tags, response: { 202: z.null() } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const { count } = await counters.hit(`verify-resend:${viewer.id}`, 3_600_000);
      if (count > VERIFY_RESENDS_PER_HOUR) throw new HttpError(429, 'rate_limited', errorMessages.verifyResendLimit(VERIFY_RESENDS_PER_HOUR));
      await resendVerification(db, viewer);
      return reply.status(202).send(null);
    },
  );

  api.get(
    '/api/auth/sessions',
    { config: { access: 'user' }, schema: { tags, response: { 200: z.array(sessionSchema) } } },
    async (request) => {
      const viewer = requireViewer(request);
      return (await listSessions(db, viewer.id, viewer.tokenHash)).map(({ id, ...session }) => ({ _id: String(id), ...session }));
    },
  );

  api.delete(
    '/api/auth/sessions/:id',
    { config: { access: 'user' }, schema: { tags, params: z.object({ id: idSchema }), response: { 204: z.null() } } },
    async (request, reply) => {
      if (!(await revokeSessionOf(db, requireViewer(request).id, request.params.id))) {
        throw new HttpError(404, 'not_found', errorMessages.sessionNotFound);
      }
      return reply.status(204).send(null);
    },
  );

  api.delete(
    '/api/auth/sessions',
    { config: { access: 'user' }, schema: { tags, description: 'Signs out every other session of the account.', response: { 204: z.null() } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await revokeOtherSessions(db, viewer.id, viewer.tokenHash);
      return reply.status(204).send(null);
    },
  );
}
