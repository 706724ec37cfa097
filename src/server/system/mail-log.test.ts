/**
 * Without SMTP_URL the shop writes its e-mails to the log. In production without their text: a link to
 * confirm an address or reset a password would let whoever reads the log into the account. A real server
 * process, as `npm start` runs it.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { databaseKind, freshDatabase, killAllServers, mustRequest, registerThrough, startServer, type TestDatabase } from './processes.js';

describe(`the e-mail log of a server without SMTP (${databaseKind})`, () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    await killAllServers();
    for (const database of databases) await database.drop();
  });

  async function logOfPasswordReset(env: Record<string, string>) {
    const database = await freshDatabase();
    databases.push(database);
    const server = await startServer({ databaseUrl: database.url, env: { LOG_LEVEL: 'info', MAIL_SEND_EVERY: '100ms', ...env } });
    const { email } = await registerThrough(server.url);
    await mustRequest(server.url, 'POST', '/api/auth/password-reset', { body: { email } }, [202]);
    const resetMail = () => server.output().split('\n').find((line) => line.includes('e-mail not sent') && line.includes(email) && line.includes('Reset your password'));
    return vi.waitFor(
      () => {
        const line = resetMail();
        if (!line) throw new Error(`no password-reset e-mail to ${email} in the log yet`);
        return line;
      },
      { timeout: 10_000, interval: 100 },
    );
  }

  it('in production, names the recipient and the subject, not the text with its link', async () => {
    const line = await logOfPasswordReset({ NODE_ENV: 'production', PAYMENTS: 'test' });
    expect(line).toContain('Reset your password');
    expect(line).not.toContain('reset-password#token=');
  });

  it('outside production, writes the whole e-mail, its link too', async () => {
    expect(await logOfPasswordReset({})).toContain('reset-password#token=');
  });
});
