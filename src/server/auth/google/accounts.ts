/**
 * The shop account for a verified Google identity, matched by e-mail: the active account with that
 * e-mail (also one made with a password: it is linked, its password keeps working), or a new one made
 * from the claims. A removed account does not count: its e-mail is free (see users/service.ts).
 */
import { emailSchema } from '../../../shared/schemas.js';
import type { Executor, UserRow } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { createUser, findActiveUserByEmail } from '../../users/service.js';
import type { IdentityClaims } from './oidc.js';

const MAX_NAME_LENGTH = 100;

export type AccountOutcome =
  | { kind: 'signed-in'; user: UserRow; created: boolean }
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

export async function findOrCreateAccount(db: Executor, claims: IdentityClaims): Promise<AccountOutcome> {
  const parsedEmail = emailSchema.safeParse(claims.email);
  if (!parsedEmail.success) return { kind: 'unusable-claims', reason: 'no usable e-mail claim' };
  if (!isVerified(claims.email_verified)) return { kind: 'unverified-email' };
  const email = parsedEmail.data;

  const existing = await findActiveUserByEmail(db, email);
  if (existing) return { kind: 'signed-in', user: existing, created: false };
  try {
    const user = await createUser(db, {
      name: displayName(claims.name, email),
      email,
      passwordHash: null,
      photoUrl: photoUrl(claims.picture),
    });
    return { kind: 'signed-in', user, created: true };
  } catch (error) {
    // Two first sign-ins (or a registration) with this e-mail at once: the other one made the account.
    if (error instanceof HttpError && error.code === 'email_taken') {
      const raced = await findActiveUserByEmail(db, email);
      if (raced) return { kind: 'signed-in', user: raced, created: false };
    }
    throw error;
  }
}
