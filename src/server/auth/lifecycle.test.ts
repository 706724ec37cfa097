/**
 * The password's whole life and the holes an attacker found: change, reset by e-mail, sessions the owner
 * controls, e-mail verification, common passwords, lockouts that cannot lock the owner out, and the
 * configured admin that cannot be squatted. E-mails are read from the outbox here (mail.test.ts sends
 * them over real SMTP).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../shared/messages.js';
import { ensureAdmin } from '../seed/seed.js';
import { listRecentMail } from '../mail/service.js';
import { type Account, call, databaseKind, lastMailTo, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';
import { afterAnswersDone } from './after-answer.js';
import { hashToken } from './sessions.js';
import { issueToken } from './tokens.js';

const PASSWORD = 'secret-password';
const silentLog = { info: () => undefined, warn: () => undefined } as unknown as Parameters<typeof ensureAdmin>[2];

describe(`the password's life and the account holes (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LOGIN_ACCOUNT_FAILURES: '3' });
  });
  afterAll(() => server.close());

  const login = (email: string, password: string, from = '127.0.0.1', userAgent = 'test') =>
    server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: from, headers: { 'user-agent': userAgent } });
  const me = (token: string) => call(server.app, 'GET', '/api/me', { token });
  /** The reset links mailed to the account, oldest first, once the work behind the answers so far is done (it comes after them). */
  const resetTokensOf = async (account: Account, count: number) => {
    await afterAnswersDone();
    const tokens = (await listRecentMail(server.db.kysely, 1000))
      .flatMap(({ mail }) => (mail.to === account.email && mail.kind === 'reset-password' ? [mail.data.token] : []))
      .reverse();
    expect(tokens).toHaveLength(count);
    return tokens;
  };
  const resetTokenOf = async (account: Account) => (await resetTokensOf(account, 1))[0]!;

  it('changes the password: the current one is required, every other session ends, the new one signs in', async () => {
    const account = await registerCustomer(server.app);
    const elsewhere = (await login(account.email, PASSWORD)).json().token as string;
    const change = (body: object) => call(server.app, 'POST', '/api/auth/password', { token: account.token, body });

    const wrong = await change({ currentPassword: 'not-it-at-all', newPassword: 'gearbox-7731' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ currentPassword: errorMessages.wrongCurrentPassword });
    const common = await change({ currentPassword: PASSWORD, newPassword: 'password1' });
    expect(common.json().error.fields).toEqual({ newPassword: errorMessages.commonPassword });

    expect((await change({ currentPassword: PASSWORD, newPassword: 'gearbox-7731' })).statusCode).toBe(204);
    expect((await me(account.token)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await login(account.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(account.email, 'gearbox-7731')).statusCode).toBe(200);
  });

  it('resets a forgotten password by e-mail: the same answer for anyone, a single-use link, every session ends', async () => {
    const account = await registerCustomer(server.app);
    const known = await call(server.app, 'POST', '/api/auth/password-reset', { body: { email: account.email } });
    const unknown = await call(server.app, 'POST', '/api/auth/password-reset', { body: { email: 'nobody.here@example.com' } });
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    const token = await resetTokenOf(account);
    expect(await lastMailTo(server, 'nobody.here@example.com', 'reset-password')).toBeUndefined();
    const stored = await server.db.kysely.selectFrom('auth_tokens').select('token_hash').where('token_hash', '=', hashToken(token)).executeTakeFirst();
    expect(stored).toBeDefined();

    const confirm = (body: object) => call(server.app, 'POST', '/api/auth/password-reset/confirm', { body });
    expect((await confirm({ token, password: 'qwerty123' })).json().error.fields).toEqual({ password: errorMessages.commonPassword });
    expect((await confirm({ token, password: 'gearbox-7731' })).statusCode).toBe(204);
    expect((await me(account.token)).statusCode).toBe(401);
    expect((await login(account.email, 'gearbox-7731')).statusCode).toBe(200);
    const again = await confirm({ token, password: 'gearbox-9999' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(errorMessages.resetLinkInvalid);
    // The mail reached its owner: the address counts as confirmed.
    expect((await me((await login(account.email, 'gearbox-7731')).json().token)).json().emailVerified).toBe(true);
  });

  it('refuses an expired reset link; a repeated request mails the current link again, and a new one once it is half-way through its life', async () => {
    const account = await registerCustomer(server.app);
    const ask = () => call(server.app, 'POST', '/api/auth/password-reset', { body: { email: account.email } });
    const expired = await issueToken(server.db.kysely, Number(account.id), 'reset-password', Date.now() - 2 * 3_600_000);
    await ask();
    const [first] = await resetTokensOf(account, 1);
    await ask();
    expect((await resetTokensOf(account, 2))[1]).toBe(first);
    // Twenty minutes left of its hour: the next request mails a new link, and this one stops working.
    await server.db.kysely
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() + 20 * 60_000).toISOString() })
      .where('token_hash', '=', hashToken(first!))
      .execute();
    await ask();
    const newer = (await resetTokensOf(account, 3))[2]!;
    expect(newer).not.toBe(first);
    for (const token of [expired, first]) {
      const answer = await call(server.app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: 'gearbox-7731' } });
      expect(answer.statusCode).toBe(400);
    }
    expect((await call(server.app, 'POST', '/api/auth/password-reset/confirm', { body: { token: newer, password: 'gearbox-7731' } })).statusCode).toBe(204);
  });

  it('lists the sessions of the account and ends one, or every other one', async () => {
    const account = await registerCustomer(server.app);
    const phone = (await login(account.email, PASSWORD, '127.0.0.1', 'Phone Browser')).json().token as string;
    const laptop = (await login(account.email, PASSWORD, '127.0.0.1', 'Laptop Browser')).json().token as string;
    const sessions = (await call(server.app, 'GET', '/api/auth/sessions', { token: laptop })).json() as { _id: string; userAgent: string; current: boolean }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current).map((s) => s.userAgent)).toEqual(['Laptop Browser']);
    const phoneSession = sessions.find((s) => s.userAgent === 'Phone Browser')!;

    const other = await registerCustomer(server.app);
    expect((await call(server.app, 'DELETE', `/api/auth/sessions/${phoneSession._id}`, { token: other.token })).statusCode).toBe(404);
    expect((await me(phone)).statusCode).toBe(200);
    expect((await call(server.app, 'DELETE', `/api/auth/sessions/${phoneSession._id}`, { token: laptop })).statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);

    expect((await call(server.app, 'DELETE', '/api/auth/sessions', { token: laptop })).statusCode).toBe(204);
    expect((await me(account.token)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it('confirms the e-mail address with the link sent at registration, once', async () => {
    const account = await registerCustomer(server.app);
    expect((await me(account.token)).json().emailVerified).toBe(false);
    const mail = await lastMailTo(server, account.email, 'verify-email');
    if (mail?.kind !== 'verify-email') throw new Error('no confirmation e-mail');
    const verify = () => call(server.app, 'POST', '/api/auth/verify-email', { body: { token: mail.data.token } });
    expect((await verify()).statusCode).toBe(204);
    expect((await me(account.token)).json().emailVerified).toBe(true);
    expect((await verify()).json().error.message).toBe(errorMessages.verifyLinkInvalid);
  });

  it('refuses the most common passwords at registration', async () => {
    for (const password of ['123456', 'password', 'Qwerty123', 'iloveyou']) {
      const answer = await call(server.app, 'POST', '/api/auth/register', { body: { name: 'N', email: `common.${password}@example.com`, password } });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.fields).toEqual({ password: password.length < 6 ? 'Must be 6 characters or longer' : errorMessages.commonPassword });
    }
  });

  it('locks wrong guesses per account and address: the owner elsewhere still signs in, and a reset always works', async () => {
    const account = await registerCustomer(server.app);
    for (let i = 0; i < 3; i++) expect((await login(account.email, 'wrong-guess', '10.9.9.9')).statusCode).toBe(401);
    expect((await login(account.email, PASSWORD, '10.9.9.9')).statusCode).toBe(429);
    expect((await login(account.email, PASSWORD, '10.1.1.1')).statusCode).toBe(200);

    await server.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: account.email }, remoteAddress: '10.9.9.9' });
    const reset = await server.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token: await resetTokenOf(account), password: 'gearbox-7731' },
      remoteAddress: '10.9.9.9',
    });
    expect(reset.statusCode).toBe(204);
    expect((await login(account.email, 'gearbox-7731', '10.9.9.9')).statusCode).toBe(200);
  });

  it("the configured admin takes over an account someone registered with ADMIN_EMAIL first: the squatter's password and sessions stop working", async () => {
    const squatter = await registerCustomer(server.app, 'Squatter');
    await ensureAdmin(server.db.kysely, { email: squatter.email, password: 'operator-pass-2049' }, silentLog);
    expect((await login(squatter.email, PASSWORD)).statusCode).toBe(401);
    expect((await me(squatter.token)).statusCode).toBe(401);
    const operator = await login(squatter.email, 'operator-pass-2049');
    expect(operator.statusCode).toBe(200);
    expect(operator.json().user).toMatchObject({ role: 'admin', emailVerified: true });
    // A restart with the same settings changes nothing: the operator stays signed in.
    await ensureAdmin(server.db.kysely, { email: squatter.email, password: 'operator-pass-2049' }, silentLog);
    expect((await me(operator.json().token)).statusCode).toBe(200);
  });
});
