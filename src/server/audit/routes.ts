import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { typed, type AppContext } from '../app-types.js';

const auditEntrySchema = z.object({
  action: z.string(),
  target: z.string(),
  by: z.object({ name: z.string(), email: z.string() }),
  at: z.string(),
});

export async function auditRoutes(app: FastifyInstance, { db }: AppContext) {
  typed(app).get(
    '/api/audit',
    { config: { access: 'admin' }, schema: { tags: ['operations'], response: { 200: z.array(auditEntrySchema) } } },
    async () => {
      const rows = await db.kysely
        .selectFrom('audit_log')
        .innerJoin('users', 'users.id', 'audit_log.admin_user_id')
        .select(['audit_log.action', 'audit_log.target', 'audit_log.created_at', 'users.name', 'users.email'])
        .orderBy('audit_log.id', 'desc')
        .limit(500)
        .execute();
      return rows.map((r) => ({ action: r.action, target: r.target, by: { name: r.name, email: r.email }, at: r.created_at }));
    },
  );
}
