/**
 * Sessions: a random token goes to the browser, only its SHA-256 is stored (Lucia's pattern), with an
 * expiry; logout deletes the row.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '../../shared/api.js';
import type { Db } from '../db/connection.js';
import { now, timestamps } from '../db/schema.js';

export interface Viewer {
  id: number;
  name: string;
  email: string;
  role: Role;
  tokenHash: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Db, userId: number, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.kysely
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + ttlMs).toISOString(),
      ...timestamps(),
    })
    .execute();
  return token;
}

/**
 * The signed-in account behind a token, or null. Sliding expiry: a session used in the second half of
 * its lifetime is extended to a full lifetime again, so active customers stay signed in.
 */
export async function findViewer(db: Db, token: string, ttlMs: number): Promise<Viewer | null> {
  const tokenHash = hashToken(token);
  const row = await db.kysely
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.name', 'users.email', 'users.role', 'sessions.expires_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now())
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (Date.parse(row.expires_at) - Date.now() < ttlMs / 2) {
    await db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + ttlMs).toISOString(), updated_at: now() })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return { id: row.id, name: row.name, email: row.email, role: row.role, tokenHash };
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}
