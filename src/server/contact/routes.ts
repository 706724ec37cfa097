import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contactMessageSchema } from '../../shared/api.js';
import { contactInputSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { listContactMessages, saveContactMessage } from './service.js';

const tags = ['contact'];

export async function contactRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const api = typed(app);

  api.post(
    '/api/contact',
    {
      config: { access: 'public', rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: 60_000 } },
      schema: { tags, body: contactInputSchema, response: { 201: contactMessageSchema } },
    },
    async (request, reply) => reply.status(201).send(await saveContactMessage(db.kysely, request.body)),
  );

  api.get(
    '/api/contact',
    { config: { access: 'admin' }, schema: { tags, response: { 200: z.array(contactMessageSchema) } } },
    async () => listContactMessages(db.kysely),
  );
}
