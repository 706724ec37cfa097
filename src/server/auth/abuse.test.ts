/**
 * The account holes an attacker tried (issue 58): guessing in parallel past the lockout, guessing the
 * current password on a signed-in device, telling known addresses by the reset's timing, blocking the
 * owner's reset, and the mail an account can make the shop send.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../shared/messages.js';
import { type Account, call, databaseKind, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';
import { listRecentMail } from '../mail/service.js';
import { afterAnswersDone } from './after-answer.js';

const PASSWORD = 'secret-password';
const FAILURES = 10;

describe(`account abuse (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    // The per-IP budget is the harness's large one, so only the account lockout answers here.
    server = await startTestServer({ LOGIN_ACCOUNT_FAILURES: String(FAILURES) });
  });
  afterAll(() => server.close());

  const login = (email: string, password: string, from: string) =>
    server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: from });
  const changePassword = (account: Account, currentPassword: string, from: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { currentPassword, newPassword: 'gearbox-7731' },
      headers: { authorization: `Bearer ${account.token}` },
      remoteAddress: from,
    });

  it('checks at most the lockout’s number of passwords when wrong guesses arrive all at once', async () => {
    const account = await registerCustomer(server.app);
    const answers = await Promise.all(Array.from({ length: 19 }, (_, i) => login(account.email, `wrong-guess-${i}`, '10.7.0.1')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(19 - FAILURES);
    expect(answers.find((answer) => answer.statusCode === 429)!.json().error.message).toBe(errorMessages.tooManyAttempts);
    // Locked from there, even with the right password; the owner elsewhere is not.
    expect((await login(account.email, PASSWORD, '10.7.0.1')).statusCode).toBe(429);
    expect((await login(account.email, PASSWORD, '10.7.0.2')).statusCode).toBe(200);
  });

  it('counts a wrong current password on password change with the same lockout as the login', async () => {
    const account = await registerCustomer(server.app);
    for (let i = 0; i < FAILURES; i++) {
      const wrong = await changePassword(account, `not-it-${i}`, '10.7.1.1');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields).toEqual({ currentPassword: errorMessages.wrongCurrentPassword });
    }
    const locked = await changePassword(account, PASSWORD, '10.7.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe(errorMessages.tooManyAttempts);
    expect((await login(account.email, PASSWORD, '10.7.1.1')).statusCode).toBe(429);
    // The password did not change, and the owner elsewhere changes it.
    expect((await login(account.email, PASSWORD, '10.7.1.2')).statusCode).toBe(200);
    expect((await changePassword(account, PASSWORD, '10.7.1.2')).statusCode).toBe(204);
  });

  it('does not let parallel wrong current passwords past the lockout either', async () => {
    const account = await registerCustomer(server.app);
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => changePassword(account, `not-it-${i}`, '10.7.2.1')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15 - FAILURES);
  });

  const mailsTo = async (email: string, kind: string) =>
    (await listRecentMail(server.db.kysely, 1000)).filter((message) => message.mail.to === email && message.mail.kind === kind).length;

  it.each([
    ['a line break', 'Ada\nLovelace'],
    ['a carriage return', 'Ada\r\nClick here'],
    ['a Unicode line separator', 'Ada\u2028Lovelace'],
    ['a tab', 'Ada\tLovelace'],
    ['a web address', 'Win a prize at https://evil.example/claim'],
    ['a www. address', 'Visit www.evil.example'],
    ['a bare domain', 'Prize waiting at evil-shop.com'],
  ])('refuses a name with %s at registration, and sends no mail', async (_what, name) => {
    const email = `name.${Math.random().toString(36).slice(2)}@example.com`;
    const answer = await call(server.app, 'POST', '/api/auth/register', { body: { name, email, password: PASSWORD } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.fields).toEqual({ name: errorMessages.nameNotPlain });
    expect(await mailsTo(email, 'verify-email')).toBe(0);
  });

  it('accepts ordinary names: accents, apostrophes, hyphens, initials, other scripts', async () => {
    for (const name of ["Zoë O'Connor-Ñúñez", 'José María de la Cruz', 'J.R.R. Tolkien', 'Dr. Anne-Marie Dupont', '李小龍', 'Müller & Söhne GmbH']) {
      const email = `ordinary.${Math.random().toString(36).slice(2)}@example.com`;
      const answer = await call(server.app, 'POST', '/api/auth/register', { body: { name, email, password: PASSWORD } });
      expect(answer.statusCode, name).toBe(201);
      expect(answer.json().user.name).toBe(name);
    }
  });

  it('refuses the same names as a profile change', async () => {
    const account = await registerCustomer(server.app);
    const answer = await call(server.app, 'PATCH', `/api/user/${account.email}`, { token: account.token, body: { name: 'Ada\nhttps://evil.example' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.fields).toEqual({ name: errorMessages.nameNotPlain });
  });

  it('sends at most three more confirmation links an hour, then says why it sends no more', async () => {
    const account = await registerCustomer(server.app);
    const resend = () => call(server.app, 'POST', '/api/auth/verify-email/resend', { token: account.token });
    for (let i = 0; i < 3; i++) expect((await resend()).statusCode).toBe(202);
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: 'rate_limited', message: errorMessages.verifyResendLimit(3) });
    expect(await mailsTo(account.email, 'verify-email')).toBe(4);
  });

  const reset = (email: string, from: string) =>
    server.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress: from });
  const resetTokens = async (email: string) =>
    (await listRecentMail(server.db.kysely, 1000))
      .filter((message) => message.mail.to === email && message.mail.kind === 'reset-password')
      .map((message) => (message.mail.kind === 'reset-password' ? message.mail.data.token : ''))
      .reverse();
  /** The reset links mailed to `email`, oldest first, once the work behind the answers so far is done. */
  const resetTokensOnce = async (email: string, count: number) => {
    await afterAnswersDone();
    const tokens = await resetTokens(email);
    expect(tokens).toHaveLength(count);
    return tokens;
  };
  const confirmReset = (token: string) =>
    call(server.app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: 'gearbox-7731' } });

  it('answers a reset request for a known and an unknown address alike, before any of the work behind it', async () => {
    const account = await registerCustomer(server.app);
    // The database is held, so that work cannot happen until the answers are in.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = server.db.kysely.transaction().execute(async (trx) => {
      if (databaseKind === 'postgres') await sql`lock table outbox in exclusive mode`.execute(trx);
      else await trx.insertInto('counters').values({ key: 'test-holds-the-writer', count: 1, reset_at: Date.now() + 60_000 }).execute();
      holding();
      await released;
    });
    await held;
    let answers;
    try {
      answers = await Promise.race([
        Promise.all([reset(account.email, '10.7.3.1'), reset('nobody.at.all@example.com', '10.7.3.1')]),
        sleep(10_000).then(() => 'no answer while the work behind it was held' as const),
      ]);
    } finally {
      release();
      await holder;
    }
    expect(answers).not.toBe('no answer while the work behind it was held');
    const [known, unknown] = answers as Exclude<typeof answers, string>;
    const seen = (answer: typeof known) => ({
      status: answer.statusCode,
      body: answer.body,
      type: answer.headers['content-type'],
      length: answer.headers['content-length'],
    });
    expect(known.statusCode).toBe(202);
    expect(seen(unknown)).toEqual(seen(known));
    // The work happens once the database is free again: the known address gets its link.
    expect(await resetTokensOnce(account.email, 1)).toHaveLength(1);
  });

  it("does not let anonymous requests from elsewhere block the owner's reset or end the owner's link", async () => {
    const account = await registerCustomer(server.app);
    await reset(account.email, '10.7.4.1');
    const [link] = await resetTokensOnce(account.email, 1);
    // Someone else asks six times from one place: five mails (each the current link again), then nothing.
    for (let i = 0; i < 6; i++) expect((await reset(account.email, '10.7.4.9')).statusCode).toBe(202);
    await resetTokensOnce(account.email, 6);
    // The owner asks again from their own place: the current link comes again, and it works.
    await reset(account.email, '10.7.4.1');
    const links = await resetTokensOnce(account.email, 7);
    expect(new Set(links)).toEqual(new Set([link]));
    expect((await confirmReset(link!)).statusCode).toBe(204);
  });

  it('sends one address at most ten reset mails an hour, from however many places', async () => {
    const account = await registerCustomer(server.app);
    for (const from of ['10.7.5.1', '10.7.5.2', '10.7.5.3']) {
      for (let i = 0; i < 5; i++) await reset(account.email, from);
    }
    await resetTokensOnce(account.email, 10);
    // One more request from a fourth place: still ten.
    await reset(account.email, '10.7.5.4');
    await resetTokensOnce(account.email, 10);
  });
});
