/**
 * Sessions: a random token goes to the browser, only its SHA-256 is stored (Lucia's pattern), with an
 * expiry; logout deletes the row.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type Executor, now, timestamps } from '../db/schema.js';
import type { Viewer } from '../http/access.js';
import { findActiveUserById } from '../users/service.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Executor, userId: number, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
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
export async function findViewer(db: Executor, token: string, ttlMs: number): Promise<Viewer | null> {
  const tokenHash = hashToken(token);
  const session = await db
    .selectFrom('sessions')
    .select(['user_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now())
    .executeTakeFirst();
  if (!session) return null;
  const user = await findActiveUserById(db, session.user_id);
  if (!user) return null;
  if (Date.parse(session.expires_at) - Date.now() < ttlMs / 2) {
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + ttlMs).toISOString(), updated_at: now() })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return { id: user.id, name: user.name, email: user.email, role: user.role, tokenHash };
}

export async function revokeSession(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Signs an account out everywhere. */
export async function revokeAllSessions(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
