import type { User } from '../../shared/api.js';
import { errorMessages } from '../../shared/messages.js';
import { isUniqueViolation } from '../db/errors.js';
import { type Executor, now, timestamps, type UserRow } from '../db/schema.js';
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

export async function setRole(db: Executor, userId: number, role: 'admin' | 'user'): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ role, updated_at: now() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setPassword(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now() })
    .where('id', '=', userId)
    .execute();
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

/** An active account by id (a signed-in viewer's), or undefined. */
export async function findActiveUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}
