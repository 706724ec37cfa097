import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { outboxEntrySchema } from '../../shared/api.js';
import { typed, type AppContext } from '../app-types.js';
import { limitUnconfirmedMail, listRecentMail } from './service.js';
import { renderMail } from './templates.js';

/**
 * Applies the settings' cap on mail to unconfirmed addresses (service.ts). Outside production, admins
 * can read the latest e-mails the shop wrote (useful when SMTP_URL is not set and mail only goes to the log).
 */
export async function mailRoutes(app: FastifyInstance, { db, config }: AppContext) {
  limitUnconfirmedMail(config.mailUnconfirmedPerHour);
  if (config.env === 'production') return;
  typed(app).get(
    '/api/admin/outbox',
    { config: { access: 'admin' }, schema: { tags: ['operations'], response: { 200: z.array(outboxEntrySchema) } } },
    async () =>
      (await listRecentMail(db.kysely)).map((message) => {
        const { subject, text, html } = renderMail(message.mail, config.shop);
        return {
          _id: String(message.id),
          kind: message.mail.kind,
          to: message.mail.to,
          subject,
          text,
          html,
          status: message.status,
          attempts: message.attempts,
          createdAt: message.createdAt,
          sentAt: message.sentAt,
        };
      }),
  );
}
