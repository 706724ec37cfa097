/** What admins did to products and users, and when: an append-only log admins can read. */
import type { Viewer } from '../auth/sessions.js';
import type { Db } from '../db/connection.js';
import { type AuditAction, timestamps } from '../db/schema.js';

export async function recordAdminAction(db: Db, admin: Viewer, action: AuditAction, target: string): Promise<void> {
  await db.kysely.insertInto('audit_log').values({ admin_user_id: admin.id, action, target, ...timestamps() }).execute();
}
