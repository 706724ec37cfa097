/** What admins did to products and users, and when: an append-only log admins can read. */
import type { AuditAction, AuditEntry } from '../../shared/api.js';
import { type Executor, timestamps } from '../db/schema.js';
import type { Viewer } from '../http/access.js';

export async function recordAdminAction(db: Executor, admin: Viewer, action: AuditAction, target: string): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ admin_user_id: admin.id, admin_name: admin.name, admin_email: admin.email, action, target, ...timestamps() })
    .execute();
}

export async function listAdminActions(db: Executor, limit = 500): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['action', 'target', 'created_at', 'admin_name', 'admin_email'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ action: r.action, target: r.target, by: { name: r.admin_name, email: r.admin_email }, at: r.created_at }));
}
