/**
 * The shop account for a verified Google identity: the one already linked to it (Google's `sub`), else
 * the active account with that e-mail, else a new one made from the claims. An account whose address
 * was proven (a link we sent, or Google before) is linked and keeps its password. One whose address was
 * never proven may have been registered by a stranger who typed someone else's address: the Google
 * identity takes it over, its password is cleared and its sessions end, so the stranger keeps nothing.
 * A removed account does not count: its e-mail is free (see users/service.ts).
 */
import { emailSchema } from '../../../shared/schemas.js';
import { type Executor, inTransaction, type UserRow } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { createUser, findActiveUserByEmail, findActiveUserByGoogleSub, linkGoogleAccount } from '../../users/service.js';
import { revokeAllSessions } from '../sessions.js';
import type { IdentityClaims } from './oidc.js';

const MAX_NAME_LENGTH = 100;

export type AccountOutcome =
  | { kind: 'signed-in'; user: UserRow; created: boolean; tookOver?: boolean }
  | { kind: 'unverified-email' }
  | { kind: 'unusable-claims'; reason: string };

/** Google sends a boolean; a few OpenID providers send the string "true". */
function isVerified(value: unknown): boolean {
  return value === true || value === 'true';
}

function photoUrl(picture: unknown): string | null {
  if (typeof picture !== 'string' || picture.length > 2000) return null;
  try {
    const url = new URL(picture);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function displayName(name: unknown, email: string): string {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  const chosen = trimmed || email.slice(0, email.indexOf('@')) || email;
  return chosen.slice(0, MAX_NAME_LENGTH);
}

async function linkExisting(db: Executor, existing: UserRow, sub: string): Promise<AccountOutcome> {
  return inTransaction(db, async (trx) => {
    const tookOver = existing.email_verified_at === null;
    if (tookOver) await revokeAllSessions(trx, existing.id);
    const user = await linkGoogleAccount(trx, existing.id, sub, { replacePassword: tookOver });
    return { kind: 'signed-in', user, created: false, tookOver };
  });
}

export async function findOrCreateAccount(db: Executor, claims: IdentityClaims): Promise<AccountOutcome> {
  const parsedEmail = emailSchema.safeParse(claims.email);
  if (!parsedEmail.success) return { kind: 'unusable-claims', reason: 'no usable e-mail claim' };
  if (!isVerified(claims.email_verified)) return { kind: 'unverified-email' };
  const email = parsedEmail.data;

  const linked = await findActiveUserByGoogleSub(db, claims.sub);
  if (linked) return { kind: 'signed-in', user: linked, created: false };
  const existing = await findActiveUserByEmail(db, email);
  if (existing) return linkExisting(db, existing, claims.sub);
  try {
    const user = await createUser(db, {
      name: displayName(claims.name, email),
      email,
      passwordHash: null,
      photoUrl: photoUrl(claims.picture),
      emailVerified: true,
      googleSub: claims.sub,
    });
    return { kind: 'signed-in', user, created: true };
  } catch (error) {
    // Two first sign-ins (or a registration) with this e-mail at once: the other one made the account.
    if (error instanceof HttpError && error.code === 'email_taken') {
      const raced = await findActiveUserByEmail(db, email);
      if (raced) return linkExisting(db, raced, claims.sub);
    }
    throw error;
  }
}
