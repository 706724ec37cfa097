/**
 * Per-login state in the database, so any app server behind the load balancer can finish a sign-in that
 * another one started. Both kinds of row are keyed by the SHA-256 of a random value that only the
 * browser holds, and both are single use: taking one deletes it (DELETE … RETURNING, so two concurrent
 * takers cannot both win).
 */
import { randomBytes } from 'node:crypto';
import { type Executor, now } from '../../db/schema.js';
import { hashToken } from '../sessions.js';

export const STATE_TTL_MS = 10 * 60_000;
export const EXCHANGE_CODE_TTL_MS = 60_000;

export interface PendingSignIn {
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

/** Remembers a started sign-in under the hash of its `state`; also sweeps rows that expired. */
export async function savePendingSignIn(db: Executor, state: string, pending: PendingSignIn): Promise<void> {
  await deleteExpired(db);
  await db
    .insertInto('google_sign_in_states')
    .values({
      state_hash: hashToken(state),
      nonce: pending.nonce,
      code_verifier: pending.codeVerifier,
      return_to: pending.returnTo,
      expires_at: inMs(STATE_TTL_MS),
      created_at: now(),
    })
    .execute();
}

/** Takes (deletes) the sign-in started with this `state`; undefined when unknown, used or expired. */
export async function takePendingSignIn(db: Executor, state: string): Promise<PendingSignIn | undefined> {
  const row = await db
    .deleteFrom('google_sign_in_states')
    .where('state_hash', '=', hashToken(state))
    .returning(['nonce', 'code_verifier', 'return_to', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.expires_at <= now()) return undefined;
  return { nonce: row.nonce, codeVerifier: row.code_verifier, returnTo: row.return_to };
}

/** A one-time code for the browser to trade for a session token; only its hash is stored. */
export async function issueExchangeCode(db: Executor, userId: number, returnTo: string): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db
    .insertInto('google_sign_in_codes')
    .values({
      code_hash: hashToken(code),
      user_id: userId,
      return_to: returnTo,
      expires_at: inMs(EXCHANGE_CODE_TTL_MS),
      created_at: now(),
    })
    .execute();
  return code;
}

/** Whether a one-time code is still waiting to be exchanged (known, unused, unexpired), without taking it. */
export async function exchangeCodeIsLive(db: Executor, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('google_sign_in_codes')
    .select('expires_at')
    .where('code_hash', '=', hashToken(code))
    .executeTakeFirst();
  return row !== undefined && row.expires_at > now();
}

/** Takes (deletes) a one-time code; undefined when unknown, used or expired. */
export async function takeExchangeCode(db: Executor, code: string): Promise<{ userId: number; returnTo: string } | undefined> {
  const row = await db
    .deleteFrom('google_sign_in_codes')
    .where('code_hash', '=', hashToken(code))
    .returning(['user_id', 'return_to', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.expires_at <= now()) return undefined;
  return { userId: row.user_id, returnTo: row.return_to };
}

async function deleteExpired(db: Executor): Promise<void> {
  const at = now();
  await db.deleteFrom('google_sign_in_states').where('expires_at', '<=', at).execute();
  await db.deleteFrom('google_sign_in_codes').where('expires_at', '<=', at).execute();
}
