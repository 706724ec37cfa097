import { type AliasedSelectQueryBuilder, sql } from 'kysely';
import type { User } from '../../shared/api.js';
import { errorMessages } from '../../shared/messages.js';
import { isUniqueViolation } from '../db/errors.js';
import { type Executor, isPostgres, now, timestamps, type UserRow } from '../db/schema.js';
import { conflict, notFound } from '../http/errors.js';

export function toUserDto(row: UserRow): User {
  return {
    _id: String(row.id),
    name: row.name,
    email: row.email,
    role: row.role,
    phone: row.phone,
    address: row.address,
    photoURL: row.photo_url,
    emailVerified: row.email_verified_at !== null,
    createdAt: row.created_at,
  };
}

export async function findActiveUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Whether an active account has proven this address (mail to an unproven one is capped, mail/service.ts). */
export async function isAddressConfirmed(db: Executor, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .where('email_verified_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function getActiveUser(db: Executor, email: string): Promise<UserRow> {
  const user = await findActiveUserByEmail(db, email);
  if (!user) throw notFound('User');
  return user;
}

export async function getUserById(db: Executor, id: number): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) throw notFound('User');
  return user;
}

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string | null;
  role?: 'admin' | 'user';
  photoUrl?: string | null;
  /** Proven by whoever creates it (Google, the operator); a registration proves it by e-mail later. */
  emailVerified?: boolean;
  googleSub?: string | null;
}

export async function createUser(db: Executor, input: NewUser): Promise<UserRow> {
  try {
    return await db
      .insertInto('users')
      .values({
        name: input.name,
        email: input.email,
        password_hash: input.passwordHash,
        role: input.role ?? 'user',
        phone: '',
        address: '',
        photo_url: input.photoUrl ?? null,
        deleted_at: null,
        email_verified_at: input.emailVerified ? now() : null,
        google_sub: input.googleSub ?? null,
        ...timestamps(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('email_taken', errorMessages.emailTaken, { email: errorMessages.emailTaken });
    }
    throw error;
  }
}

export async function listActiveUsers(db: Executor): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('deleted_at', 'is', null).orderBy('id', 'asc').execute();
}

export async function listActiveAdmins(db: Executor): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('deleted_at', 'is', null).where('role', '=', 'admin').orderBy('id', 'asc').execute();
}

export async function updateProfile(
  db: Executor,
  email: string,
  changes: { name?: string; phone?: string; address?: string },
): Promise<UserRow> {
  const user = await getActiveUser(db, email);
  if (Object.keys(changes).length === 0) return user;
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: now() })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The profile's one-line address (docs/legacy-contract.md), as the buyer's default saved address writes it. */
export async function setProfileAddress(db: Executor, userId: number, address: string): Promise<void> {
  await db.updateTable('users').set({ address, updated_at: now() }).where('id', '=', userId).where('address', '!=', address).execute();
}

export async function setRole(db: Executor, userId: number, role: 'admin' | 'user'): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ role, updated_at: now() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findActiveUserByGoogleSub(db: Executor, sub: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('google_sub', '=', sub).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function markEmailVerified(db: Executor, userId: number): Promise<void> {
  await db.updateTable('users').set({ email_verified_at: now(), updated_at: now() }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();
}

/**
 * This Google account signs in as the user from now on; the address is proven. `replacePassword`:
 * the password someone else may have set on an unproven address stops working.
 */
export async function linkGoogleAccount(db: Executor, userId: number, sub: string, { replacePassword }: { replacePassword: boolean }): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({
      google_sub: sub,
      email_verified_at: now(),
      ...(replacePassword ? { password_hash: null } : {}),
      updated_at: now(),
    })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The first of PostgreSQL's two advisory lock keys that name an account's hold; the second is the account's id. */
const ACCOUNT_HOLDS = 1;
/** The advisory lock (with second key 0) that demotions take: the count of admins, then the change. */
const ADMIN_ROLES = 2;

/**
 * Makes an admin a customer, never the last admin (409). Two admins demoting each other at once on
 * PostgreSQL would each count two admins; the lock makes the second count after the first's change
 * (SQLite runs one write transaction at a time). Runs in the caller's transaction.
 */
export async function demoteAdmin(db: Executor, userId: number): Promise<UserRow> {
  if (isPostgres(db)) await sql`select pg_advisory_xact_lock(${sql.lit(ADMIN_ROLES)}, 0)`.execute(db);
  const others = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('role', '=', 'admin')
    .where('deleted_at', 'is', null)
    .where('id', '!=', userId)
    .executeTakeFirstOrThrow();
  if (Number(others.n) === 0) throw conflict('last_admin', errorMessages.lastAdmin);
  return setRole(db, userId, 'user');
}

/**
 * Holds the account until the caller's transaction ends: checks that count the account's things, then add
 * one, happen one at a time. On PostgreSQL a transaction-level advisory lock, which writes nothing (an
 * update of the account's row would leave a dead row version behind for every later read to step over).
 * SQLite runs one write transaction at a time: nothing to hold, and it has no row locks to take.
 */
export async function holdAccount(db: Executor, userId: number): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select pg_advisory_xact_lock(${sql.lit(ACCOUNT_HOLDS)}, ${userId}::integer)`.execute(db);
}

/** Sets the password's hash; with `replacing`, only while the stored hash is still that one. */
export async function setPassword(db: Executor, userId: number, passwordHash: string, replacing?: string): Promise<void> {
  const update = db.updateTable('users').set({ password_hash: passwordHash, updated_at: now() }).where('id', '=', userId);
  await (replacing === undefined ? update : update.where('password_hash', '=', replacing)).execute();
}

/** The account to remove: not oneself, not an admin. */
export async function getRemovableUser(db: Executor, email: string, removedBy: { id: number }): Promise<UserRow> {
  const user = await getActiveUser(db, email);
  if (user.id === removedBy.id) throw conflict('cannot_remove_self', errorMessages.cannotRemoveSelf);
  if (user.role === 'admin') throw conflict('cannot_remove_admin', errorMessages.cannotRemoveAdmin);
  return user;
}

/** The row stays (its orders keep pointing at it) and the e-mail is freed for a new account. */
export async function markRemoved(db: Executor, userId: number): Promise<void> {
  await db.updateTable('users').set({ deleted_at: now(), updated_at: now() }).where('id', '=', userId).execute();
}

/**
 * Each row of `rows` with the active account its `user_id` names (rows of a removed account drop out):
 * who a request is from, found in the same statement as what named them (a session).
 */
export function withActiveAccount<O extends { user_id: number }>(db: Executor, rows: AliasedSelectQueryBuilder<O, 'named'>) {
  return db
    .selectFrom(rows)
    .innerJoin('users', 'users.id', 'named.user_id')
    .where('users.deleted_at', 'is', null)
    .select(['users.id', 'users.name', 'users.email', 'users.role']);
}

/** An active account by id (a signed-in viewer's), or undefined. */
export async function findActiveUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** The name and e-mail of each of `ids` (removed accounts too: a company's applicant stays named), by id. */
export async function namesOfUsers(db: Executor, ids: readonly number[]): Promise<Map<number, { name: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}
