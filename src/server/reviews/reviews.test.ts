import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';

describe(`reviews and contact (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    // Published at once (REVIEW_MODERATION=after): what waits for approval is moderation.test.ts's.
    server = await startTestServer({ REVIEW_MODERATION: 'after' });
  });
  afterAll(() => server.close());

  it('posts a review under the account name and e-mail, rating as a string, newest first', async () => {
    const author = await registerCustomer(server.app, 'Rita Reviewer');
    for (const [rating, comment] of [['4', 'Good'], [5, 'Great']] as const) {
      const response = await call(server.app, 'POST', '/api/review', {
        token: author.token,
        body: { rating, comment, name: 'Impostor', email: 'impostor@example.com' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ name: 'Rita Reviewer', email: author.email, rating: String(rating), comment });
    }
    const list = (await call(server.app, 'GET', '/api/review')).json();
    expect(list.map((r: { comment: string }) => r.comment)).toEqual(['Great', 'Good']);
  });

  it('answers the newest `limit` reviews', async () => {
    const list = (await call(server.app, 'GET', '/api/review?limit=1')).json();
    expect(list).toHaveLength(1);
    expect(list[0].comment).toBe('Great');
    expect((await call(server.app, 'GET', '/api/review?limit=0')).statusCode).toBe(400);
    expect((await call(server.app, 'GET', '/api/review?limit=101')).statusCode).toBe(400);
  });

  it("masks reviewers' e-mails for the public, not for admins", async () => {
    const author = await registerCustomer(server.app, 'Masked Author');
    await call(server.app, 'POST', '/api/review', { token: author.token, body: { rating: '5', comment: 'Fine parts' } });
    const publicView = (await call(server.app, 'GET', '/api/review')).json()[0];
    expect(publicView.email).toBe(`c***@${author.email.split('@')[1]}`);
    const admin = await registerAdmin(server);
    const adminView = (await call(server.app, 'GET', '/api/review', { token: admin.token })).json()[0];
    expect(adminView.email).toBe(author.email);
  });

  it('rejects ratings outside 1–5 and empty comments', async () => {
    const author = await registerCustomer(server.app);
    for (const body of [{ rating: '6', comment: 'x' }, { rating: 0, comment: 'x' }, { rating: '5', comment: '  ' }, { comment: 'x' }]) {
      expect((await call(server.app, 'POST', '/api/review', { token: author.token, body })).statusCode).toBe(400);
    }
  });

  it('stores contact messages for admins to read', async () => {
    const sent = await call(server.app, 'POST', '/api/contact', { body: { email: 'Buyer@Example.com', message: 'Do you ship to Norway?' } });
    expect(sent.statusCode).toBe(201);
    const admin = await registerAdmin(server);
    const inbox = (await call(server.app, 'GET', '/api/contact', { token: admin.token })).json();
    expect(inbox[0]).toMatchObject({ email: 'buyer@example.com', message: 'Do you ship to Norway?' });
    expect((await call(server.app, 'POST', '/api/contact', { body: { email: 'bad', message: '' } })).statusCode).toBe(400);
  });
});
