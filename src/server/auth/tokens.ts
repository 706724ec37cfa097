/**
 * Single-use tokens for e-mail links (verify the address, reset the password): a random value goes into
 * the e-mail, only its SHA-256 is stored, with an expiry; using one marks it used in the same statement,
 * so two uses at once cannot both succeed.
 */
import { randomBytes } from 'node:crypto';
import { type AuthTokenPurpose, type Executor, now } from '../db/schema.js';
import { hashToken } from './sessions.js';

export const TOKEN_TTL_MS: Record<AuthTokenPurpose, number> = {
  'verify-email': 48 * 3_600_000,
  'reset-password': 3_600_000,
};

export async function issueToken(db: Executor, userId: number, purpose: AuthTokenPurpose, at = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('auth_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      purpose,
      expires_at: new Date(at + TOKEN_TTL_MS[purpose]).toISOString(),
      used_at: null,
      created_at: new Date(at).toISOString(),
    })
    .execute();
  return token;
}

/** Uses a token: the account it was issued for, or undefined when unknown, used, expired or for another purpose. */
export async function useToken(db: Executor, token: string, purpose: AuthTokenPurpose): Promise<number | undefined> {
  const at = now();
  const row = await db
    .updateTable('auth_tokens')
    .set({ used_at: at })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Other tokens of the account for this purpose stop working (a newer link, or the password changed). */
export async function retireTokens(db: Executor, userId: number, purpose: AuthTokenPurpose): Promise<void> {
  await db.updateTable('auth_tokens').set({ used_at: now() }).where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
}
