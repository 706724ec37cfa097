import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auditEntrySchema } from '../../shared/api.js';
import { typed, type AppContext } from '../app-types.js';
import { listAdminActions } from './service.js';

export async function auditRoutes(app: FastifyInstance, { db }: AppContext) {
  typed(app).get(
    '/api/audit',
    { config: { access: 'admin' }, schema: { tags: ['operations'], response: { 200: z.array(auditEntrySchema) } } },
    async () => listAdminActions(db.kysely),
  );
}
