import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { call, databaseKind, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';
import { setPassword } from '../users/service.js';
import { hashToken } from './sessions.js';

describe(`accounts (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LOGIN_ACCOUNT_FAILURES: '3' });
  });
  afterAll(() => server.close());

  const register = (body: Record<string, unknown>) => call(server.app, 'POST', '/api/auth/register', { body });
  const login = (email: string, password: string) =>
    call(server.app, 'POST', '/api/auth/login', { body: { email, password } });

  it('registers with a normalised e-mail, stores only a scrypt hash, and answers { token, user }', async () => {
    const response = await register({ name: ' Ada Lovelace ', email: '  Ada.L+Parts@Mail.Example.Co.UK ', password: 'engine42' });
    expect(response.statusCode).toBe(201);
    const { token, user } = response.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toMatchObject({ name: 'Ada Lovelace', email: 'ada.l+parts@mail.example.co.uk', role: 'user' });
    const row = await server.db.kysely.selectFrom('users').selectAll().where('email', '=', user.email).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$13\$8\$10\$/);
    expect(row.password_hash).not.toContain('engine42');
    const session = await server.db.kysely.selectFrom('sessions').selectAll().where('user_id', '=', row.id).executeTakeFirstOrThrow();
    expect(session.token_hash).toBe(hashToken(token));
  });

  it('accepts any valid address: dots, plus signs, sub-domains, long TLDs', async () => {
    for (const email of ['first.last@example.com', 'a+b@sub.domain.example.org', 'x@example.photography']) {
      expect((await register({ name: 'N', email, password: 'gearbox-7731' })).statusCode).toBe(201);
    }
  });

  it("rejects bad registrations with the original storefront's messages (docs/legacy-contract.md#validation-messages)", async () => {
    const empty = await register({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({
      name: messages.validation.nameRequired,
      email: messages.validation.emailRequired,
      password: messages.validation.passwordRequired,
    });
    const bad = await register({ name: 'x', email: 'not-an-email', password: '12345' });
    expect(bad.json().error.fields).toMatchObject({ email: 'Provide an Email', password: 'Must be 6 characters or longer' });
  });

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    await register({ name: 'A', email: 'twin@example.com', password: 'gearbox-7731' });
    const again = await register({ name: 'B', email: 'TWIN@example.com', password: 'gearbox-7732' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('email_taken');
  });

  it('hashes a password again at sign-in when its hash has older parameters (scrypt N=2^15, p=1)', async () => {
    const account = await registerCustomer(server.app);
    const salt = randomBytes(16);
    const key = scryptSync('secret-password', salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const older = ['scrypt', 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    const users = server.db.kysely.selectFrom('users').select('password_hash').where('email', '=', account.email);
    await server.db.kysely.updateTable('users').set({ password_hash: older }).where('email', '=', account.email).execute();
    expect((await login(account.email, 'secret-password')).statusCode).toBe(200);
    const renewed = (await users.executeTakeFirstOrThrow()).password_hash;
    expect(renewed).toMatch(/^scrypt\$13\$8\$10\$/);
    expect((await login(account.email, 'wrong-password')).statusCode).toBe(401);
    expect((await login(account.email, 'secret-password')).statusCode).toBe(200);
    expect((await users.executeTakeFirstOrThrow()).password_hash).toBe(renewed);
    // A renewal computed from a hash the account no longer has (its password changed meanwhile) is dropped.
    const { id } = await server.db.kysely.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirstOrThrow();
    await setPassword(server.db.kysely, id, older, older);
    expect((await users.executeTakeFirstOrThrow()).password_hash).toBe(renewed);
  });

  it('logs in with the right password only, without telling which part was wrong', async () => {
    const account = await registerCustomer(server.app);
    const ok = await login(account.email.toUpperCase(), 'secret-password');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(account.email);
    const wrong = await login(account.email, 'wrong-password');
    const unknown = await login('nobody@example.com', 'wrong-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('revokes the token on logout', async () => {
    const { token } = await registerCustomer(server.app);
    expect((await call(server.app, 'GET', '/api/me', { token })).statusCode).toBe(200);
    expect((await call(server.app, 'POST', '/api/auth/logout', { token })).statusCode).toBe(204);
    expect((await call(server.app, 'GET', '/api/me', { token })).statusCode).toBe(401);
  });

  it('rejects expired and made-up tokens', async () => {
    const { token } = await registerCustomer(server.app);
    await server.db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect((await call(server.app, 'GET', '/api/me', { token })).statusCode).toBe(401);
    expect((await call(server.app, 'GET', '/api/me', { token: 'made-up' })).statusCode).toBe(401);
  });

  it('extends a session used in the second half of its life (sliding expiry), not one used early', async () => {
    const { token } = await registerCustomer(server.app);
    const expiresAt = async () =>
      (await server.db.kysely.selectFrom('sessions').select('expires_at').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow()).expires_at;
    const fresh = await expiresAt();
    await call(server.app, 'GET', '/api/me', { token });
    expect(await expiresAt()).toBe(fresh);

    const soon = new Date(Date.now() + 60_000).toISOString();
    await server.db.kysely.updateTable('sessions').set({ expires_at: soon }).where('token_hash', '=', hashToken(token)).execute();
    expect((await call(server.app, 'GET', '/api/me', { token })).statusCode).toBe(200);
    const renewed = Date.parse(await expiresAt());
    expect(renewed - Date.now()).toBeGreaterThan(server.config.sessionTtlMs - 60_000);
  });

  it('locks an account after repeated wrong passwords, even with the right one', async () => {
    const account = await registerCustomer(server.app);
    for (let i = 0; i < 3; i++) expect((await login(account.email, 'wrong-password')).statusCode).toBe(401);
    const locked = await login(account.email, 'secret-password');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('rate_limited');
  });

  it('has no endpoint that hands out a token for a bare e-mail (the old PUT /user/{email})', async () => {
    const account = await registerCustomer(server.app);
    for (const url of [`/user/${account.email}`, `/api/user/${account.email}`]) {
      const response = await call(server.app, 'PUT', url, { body: { email: account.email } });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toMatch(/token/);
    }
  });
});

describe(`login rate limit per IP (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LOGIN_RATE_LIMIT: '5' });
  });
  afterAll(() => server.close());

  it('answers 429 after the per-minute budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await call(server.app, 'POST', '/api/auth/login', {
        body: { email: `someone${i}@example.com`, password: 'whatever1' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
