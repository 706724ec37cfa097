import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, freshDatabase, type TestDatabase } from '../test/databases.js';
import { createUser, markRemoved, setRole } from '../users/service.js';
import { createSession, findViewer, hashToken } from './sessions.js';

describe(`who a session token signs in (${databaseKind})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.drop());

  const HOUR = 3_600_000;
  const newAccount = (email: string) => createUser(database.db.kysely, { name: 'Session Owner', email, passwordHash: 'not-a-hash' });

  it('is the account as it is now, by the token alone', async () => {
    const db = database.db.kysely;
    const account = await newAccount('session-owner@example.com');
    const token = await createSession(db, account.id, HOUR);
    expect(await findViewer(db, token, HOUR)).toEqual({ id: account.id, name: 'Session Owner', email: 'session-owner@example.com', role: 'user', tokenHash: hashToken(token) });
    await setRole(db, account.id, 'admin');
    expect((await findViewer(db, token, HOUR))?.role).toBe('admin');
    expect(await findViewer(db, `${token}x`, HOUR)).toBeNull();
  });

  it('is nobody once the account is removed, even while its session row is still there', async () => {
    const db = database.db.kysely;
    const account = await newAccount('removed-owner@example.com');
    const token = await createSession(db, account.id, HOUR);
    await markRemoved(db, account.id);
    expect(await findViewer(db, token, HOUR)).toBeNull();
  });
});
