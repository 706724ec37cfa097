import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contactMessageSchema } from '../../shared/api.js';
import { contactMessageDetailSchema } from '../../shared/back-office.js';
import { contactInputSchema, contactListQuerySchema, contactReadSchema, contactReplySchema, idSchema } from '../../shared/schemas.js';
import { typed, type AppContext } from '../app-types.js';
import { requireViewer } from '../http/access.js';
import { getContactMessage, listContactMessages, markContactMessageRead, replyToContactMessage, saveContactMessage } from './service.js';

const tags = ['contact'];
const params = z.object({ id: idSchema });

export async function contactRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const api = typed(app);

  api.post(
    '/api/contact',
    {
      config: { access: 'public', rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: 60_000 } },
      schema: { tags, description: 'Keeps the message and e-mails the staff (STAFF_EMAIL, or every admin) through the outbox.', body: contactInputSchema, response: { 201: contactMessageSchema } },
    },
    async (request, reply) => reply.status(201).send(await saveContactMessage(db.kysely, request.body, { staffEmails: config.staffEmails })),
  );

  api.get(
    '/api/contact',
    {
      config: { access: 'admin' },
      schema: { tags, description: 'The inbox, newest first; `unread=true` answers only the unread messages.', querystring: contactListQuerySchema, response: { 200: z.array(contactMessageSchema) } },
    },
    async (request) => listContactMessages(db.kysely, { unreadOnly: request.query.unread === 'true' }),
  );

  api.get(
    '/api/contact/:id',
    {
      config: { access: 'admin' },
      schema: { tags, description: "The message and its thread, oldest first: the customer's message, then every reply with who sent it. Does not mark it read (PATCH does).", params, response: { 200: contactMessageDetailSchema } },
    },
    async (request) => getContactMessage(db.kysely, request.params.id),
  );

  api.patch(
    '/api/contact/:id',
    { config: { access: 'admin' }, schema: { tags, description: 'Marks a message read or unread.', params, body: contactReadSchema, response: { 200: contactMessageSchema } } },
    async (request) => markContactMessageRead(db.kysely, request.params.id, request.body.read),
  );

  api.post(
    '/api/contact/:id/reply',
    {
      config: { access: 'admin' },
      schema: { tags, description: "E-mails the reply to the message's sender (through the outbox), keeps it in the message's thread with the admin who sent it, and marks the message replied and read.", params, body: contactReplySchema, response: { 200: contactMessageSchema } },
    },
    async (request) => replyToContactMessage(db.kysely, request.params.id, request.body.message, requireViewer(request)),
  );
}
