import type { User } from '../../shared/api.js';
import { errorMessages } from '../../shared/messages.js';
import type { Db } from '../db/connection.js';
import { isUniqueViolation } from '../db/errors.js';
import { now, timestamps, type UserRow } from '../db/schema.js';
import { conflict, notFound } from '../errors.js';

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

export async function findActiveUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.kysely
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function getActiveUser(db: Db, email: string): Promise<UserRow> {
  const user = await findActiveUserByEmail(db, email);
  if (!user) throw notFound('User');
  return user;
}

export async function getUserById(db: Db, id: number): Promise<UserRow> {
  const user = await db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
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

export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  try {
    return await db.kysely
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

export async function listActiveUsers(db: Db): Promise<UserRow[]> {
  return db.kysely.selectFrom('users').selectAll().where('deleted_at', 'is', null).orderBy('id', 'asc').execute();
}

export async function updateProfile(
  db: Db,
  email: string,
  changes: { name?: string; phone?: string; address?: string },
): Promise<UserRow> {
  const user = await getActiveUser(db, email);
  if (Object.keys(changes).length === 0) return user;
  return db.kysely
    .updateTable('users')
    .set({ ...changes, updated_at: now() })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setRole(db: Db, userId: number, role: 'admin' | 'user'): Promise<UserRow> {
  return db.kysely
    .updateTable('users')
    .set({ role, updated_at: now() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.kysely
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now() })
    .where('id', '=', userId)
    .execute();
}

/** Removes an account: the row stays (its orders keep pointing at it), the e-mail is freed, sessions end. */
export async function removeUser(db: Db, email: string, removedBy: { id: number }): Promise<void> {
  const user = await getActiveUser(db, email);
  if (user.id === removedBy.id) throw conflict('cannot_remove_self', errorMessages.cannotRemoveSelf);
  if (user.role === 'admin') throw conflict('cannot_remove_admin', errorMessages.cannotRemoveAdmin);
  await db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ deleted_at: now(), updated_at: now() }).where('id', '=', user.id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
  });
}
