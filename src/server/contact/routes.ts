import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type ContactMessage, contactMessageSchema } from '../../shared/api.js';
import { contactInputSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { timestamps } from '../db/schema.js';

const tags = ['contact'];

function toDto(row: { id: number; email: string; message: string; created_at: string }): ContactMessage {
  return { _id: String(row.id), email: row.email, message: row.message, createdAt: row.created_at };
}

export async function contactRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const api = typed(app);

  api.post(
    '/api/contact',
    {
      config: { access: 'public', rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: 60_000 } },
      schema: { tags, body: contactInputSchema, response: { 201: contactMessageSchema } },
    },
    async (request, reply) => {
      const row = await db.kysely
        .insertInto('contact_messages')
        .values({ ...request.body, ...timestamps() })
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.status(201).send(toDto(row));
    },
  );

  api.get(
    '/api/contact',
    { config: { access: 'admin' }, schema: { tags, response: { 200: z.array(contactMessageSchema) } } },
    async () =>
      (await db.kysely.selectFrom('contact_messages').selectAll().orderBy('id', 'desc').limit(500).execute()).map(toDto),
  );
}
