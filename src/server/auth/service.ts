/**
 * Accounts: registering, signing in, and the password's whole life (change, reset by e-mail) with
 * e-mail verification. E-mails go through the outbox in the same transaction as the change behind them.
 */
import { errorMessages } from '../../shared/messages.js';
import { type Executor, inTransaction, type UserRow } from '../db/schema.js';
import type { Viewer } from '../http/access.js';
import { badRequest, HttpError } from '../http/errors.js';
import { enqueueMail, newestMailTo } from '../mail/service.js';
import { createUser, findActiveUserByEmail, findActiveUserById, markEmailVerified, setPassword } from '../users/service.js';
import type { AccountLockout } from './account-lockout.js';
import { hashPassword, isCommonPassword, isOutdatedHash, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { createSession, hashToken, revokeAllSessions, revokeOtherSessions } from './sessions.js';
import { issueToken, retireTokens, TOKEN_TTL_MS, useToken } from './tokens.js';
import type { Counters } from '../limits/service.js';

const invalidCredentials = () => new HttpError(401, 'invalid_credentials', errorMessages.invalidCredentials);
const tooManyAttempts = () => new HttpError(429, 'rate_limited', errorMessages.tooManyAttempts);

/** A new password must not be one of the most common ones; `field` names the form field to mark. */
function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw badRequest(errorMessages.commonPassword, { [field]: errorMessages.commonPassword });
}

export interface SessionSettings {
  ttlMs: number;
  userAgent: string;
}

async function sendVerification(db: Executor, user: UserRow): Promise<void> {
  await retireTokens(db, user.id, 'verify-email');
  const token = await issueToken(db, user.id, 'verify-email');
  await enqueueMail(db, { kind: 'verify-email', to: user.email, data: { name: user.name, token } });
}

export async function register(db: Executor, input: { name: string; email: string; password: string }, session: SessionSettings) {
  refuseCommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  return inTransaction(db, async (trx) => {
    const user = await createUser(trx, { name: input.name, email: input.email, passwordHash });
    await sendVerification(trx, user);
    return { user, token: await createSession(trx, user.id, session.ttlMs, session.userAgent) };
  });
}

export async function login(db: Executor, lockout: AccountLockout, input: { email: string; password: string; ip: string }, session: SessionSettings) {
  if (!(await lockout.reserveTry(input.email, input.ip))) throw tooManyAttempts();
  const user = await findActiveUserByEmail(db, input.email);
  const ok = user?.password_hash ? await verifyPassword(input.password, user.password_hash) : await verifyAgainstDummy(input.password);
  if (!user || !ok) throw invalidCredentials();
  await lockout.reset(input.email, input.ip);
  // The same password under today's parameters, unless the password changed since it was read.
  if (user.password_hash && isOutdatedHash(user.password_hash)) await setPassword(db, user.id, await hashPassword(input.password), user.password_hash);
  return { user, token: await createSession(db, user.id, session.ttlMs, session.userAgent) };
}

/**
 * The signed-in owner changes the password; every other session of the account ends. A wrong current
 * password counts against the same lockout as a wrong login (someone at an unlocked device may guess).
 */
export async function changePassword(
  db: Executor,
  lockout: AccountLockout,
  viewer: Viewer,
  input: { currentPassword: string; newPassword: string; ip: string },
) {
  if (!(await lockout.reserveTry(viewer.email, input.ip))) throw tooManyAttempts();
  const user = await findActiveUserById(db, viewer.id);
  const ok = user?.password_hash ? await verifyPassword(input.currentPassword, user.password_hash) : await verifyAgainstDummy(input.currentPassword);
  if (!user || !ok) {
    throw badRequest(errorMessages.wrongCurrentPassword, { currentPassword: errorMessages.wrongCurrentPassword });
  }
  await lockout.reset(viewer.email, input.ip);
  refuseCommonPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await inTransaction(db, async (trx) => {
    await setPassword(trx, user.id, passwordHash);
    await retireTokens(trx, user.id, 'reset-password');
    await revokeOtherSessions(trx, user.id, viewer.tokenHash);
  });
}

/** Reset mails one address is sent in an hour on the requests from one source address, and on all of them. */
export const RESET_MAILS_FROM_ONE_PLACE = 5;
export const RESET_MAILS_PER_ADDRESS = 10;
const HOUR_MS = 3_600_000;

/**
 * The reset link the account was mailed last, while it still works for at least half its life (a
 * repeated request re-sends it: requests by anyone else cannot make the owner's link stop working).
 * Only a hash of a link is stored; the link itself is in the mail that carried it.
 */
async function currentResetLink(db: Executor, user: UserRow): Promise<string | undefined> {
  const freshUntil = new Date(Date.now() + TOKEN_TTL_MS['reset-password'] / 2).toISOString();
  const live = await db
    .selectFrom('auth_tokens')
    .select('token_hash')
    .where('user_id', '=', user.id)
    .where('purpose', '=', 'reset-password')
    .where('used_at', 'is', null)
    .where('expires_at', '>', freshUntil)
    .executeTakeFirst();
  if (!live) return undefined;
  const mail = await newestMailTo(db, user.email, 'reset-password');
  const token = mail?.kind === 'reset-password' ? mail.data.token : undefined;
  return token !== undefined && hashToken(token) === live.token_hash ? token : undefined;
}

/**
 * Mails a reset link if the account exists: the current one again, else a new one (older links stop
 * working). The caller has answered already, the same for every address, so how long this takes tells
 * nothing. Throttled per address and source address, then per address: anonymous requests from one
 * place cannot use up the owner's own, and whoever is throttled has the current link in the mailbox.
 */
export async function requestPasswordReset(db: Executor, counters: Counters, input: { email: string; ip: string }): Promise<void> {
  const fromHere = await counters.hit(`reset-mail:${input.email}|${input.ip}`, HOUR_MS);
  if (fromHere.count > RESET_MAILS_FROM_ONE_PLACE) return;
  const toAddress = await counters.hit(`reset-mail:${input.email}`, HOUR_MS);
  if (toAddress.count > RESET_MAILS_PER_ADDRESS) return;
  const user = await findActiveUserByEmail(db, input.email);
  if (!user) return;
  await inTransaction(db, async (trx) => {
    let token = await currentResetLink(trx, user);
    if (!token) {
      await retireTokens(trx, user.id, 'reset-password');
      token = await issueToken(trx, user.id, 'reset-password');
    }
    await enqueueMail(trx, { kind: 'reset-password', to: user.email, data: { name: user.name, token } });
  });
}

/**
 * Sets the password from a reset link: the link is used up, every session ends, and the address is
 * proven (the mail reached its owner). Returns the account's e-mail.
 */
export async function confirmPasswordReset(db: Executor, lockout: AccountLockout, input: { token: string; password: string; ip: string }) {
  refuseCommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const email = await inTransaction(db, async (trx) => {
    const userId = await useToken(trx, input.token, 'reset-password');
    const user = userId === undefined ? undefined : await findActiveUserById(trx, userId);
    if (!user) throw badRequest(errorMessages.resetLinkInvalid, { token: errorMessages.resetLinkInvalid });
    await setPassword(trx, user.id, passwordHash);
    await markEmailVerified(trx, user.id);
    await revokeAllSessions(trx, user.id);
    return user.email;
  });
  await lockout.reset(email, input.ip);
}

export async function verifyEmail(db: Executor, token: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const userId = await useToken(trx, token, 'verify-email');
    if (userId === undefined) throw badRequest(errorMessages.verifyLinkInvalid, { token: errorMessages.verifyLinkInvalid });
    await markEmailVerified(trx, userId);
  });
}

/** Sends the signed-in account a new confirmation link (unless its address is proven already). */
export async function resendVerification(db: Executor, viewer: Viewer): Promise<void> {
  const user = await findActiveUserById(db, viewer.id);
  if (!user || user.email_verified_at) return;
  await inTransaction(db, (trx) => sendVerification(trx, user));
}
