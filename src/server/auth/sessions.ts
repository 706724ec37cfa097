/**
 * Sessions: a random token goes to the browser, only its SHA-256 is stored (Lucia's pattern), with an
 * expiry; logout deletes the row.
 */
import { hash, randomBytes } from 'node:crypto';
import { type Executor, now, timestamps } from '../db/schema.js';
import type { Viewer } from '../http/access.js';
import { withActiveAccount } from '../users/service.js';

export function hashToken(token: string): string {
  return hash('sha256', token);
}

/** A user agent is kept for the account's list of sessions, no longer than this. */
const USER_AGENT_MAX = 300;
/** How stale "last used" may get before a request writes it again (one write per session per 5 minutes). */
const LAST_USED_GRAIN_MS = 5 * 60_000;

export async function createSession(db: Executor, userId: number, ttlMs: number, userAgent = ''): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const at = timestamps();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + ttlMs).toISOString(),
      user_agent: userAgent.slice(0, USER_AGENT_MAX),
      last_used_at: at.created_at,
      ...at,
    })
    .execute();
  return token;
}

/** The unexpired session of this token, with its active account. */
function liveSession(db: Executor, tokenHash: string, at: string) {
  return withActiveAccount(
    db,
    db.selectFrom('sessions').select(['user_id', 'expires_at', 'last_used_at']).where('token_hash', '=', tokenHash).where('expires_at', '>', at).as('named'),
  )
    .select(['named.expires_at', 'named.last_used_at'])
    .executeTakeFirst();
}

/**
 * The signed-in account behind a token, or null. Sliding expiry: a session used in the second half of
 * its lifetime is extended to a full lifetime again, so active customers stay signed in.
 */
export async function findViewer(db: Executor, token: string, ttlMs: number): Promise<Viewer | null> {
  const tokenHash = hashToken(token);
  const signedIn = await liveSession(db, tokenHash, now());
  if (!signedIn) return null;
  const at = Date.now();
  const slide = Date.parse(signedIn.expires_at) - at < ttlMs / 2;
  const lastUsed = signedIn.last_used_at ? Date.parse(signedIn.last_used_at) : 0;
  if (slide || at - lastUsed > LAST_USED_GRAIN_MS) {
    await db
      .updateTable('sessions')
      .set({ ...(slide ? { expires_at: new Date(at + ttlMs).toISOString() } : {}), last_used_at: new Date(at).toISOString(), updated_at: now() })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return { id: signedIn.id, name: signedIn.name, email: signedIn.email, role: signedIn.role, tokenHash };
}

export async function revokeSession(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export interface SessionSummary {
  id: number;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string;
  current: boolean;
}

/** The account's sessions that have not expired, most recently used first. */
export async function listSessions(db: Executor, userId: number, currentTokenHash: string): Promise<SessionSummary[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'token_hash', 'created_at', 'last_used_at', 'user_agent'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now())
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at ?? row.created_at,
    userAgent: row.user_agent,
    current: row.token_hash === currentTokenHash,
  }));
}

/** Ends one of the account's sessions; false when it has no such session. */
export async function revokeSessionOf(db: Executor, userId: number, sessionId: number): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Signs the account out everywhere but here. */
export async function revokeOtherSessions(db: Executor, userId: number, keepTokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '!=', keepTokenHash).execute();
}

/** Signs an account out everywhere. */
export async function revokeAllSessions(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
