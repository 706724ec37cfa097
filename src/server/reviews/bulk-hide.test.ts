import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';

describe(`bulk review moderation (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    // Published at once, as a shop with REVIEW_MODERATION=after: moderation.test.ts hides pending ones.
    server = await startTestServer({ REVIEW_MODERATION: 'after' });
  });
  afterAll(() => server.close());

  const publicComments = async () => ((await call(server.app, 'GET', '/api/review')).json() as { comment: string }[]).map((r) => r.comment);

  it('hides only the given reviews that are still shown, at once for the public, each one in the audit log', async () => {
    const author = await registerCustomer(server.app, 'Bomber Bob');
    const ids: number[] = [];
    for (const comment of ['Spam one', 'Spam two', 'Spam three', 'Honest review']) {
      const posted = await call(server.app, 'POST', '/api/review', { token: author.token, body: { rating: 1, comment } });
      ids.push(Number(posted.json()._id));
    }
    const admin = await registerAdmin(server);
    // Loaded once so the public answer is cached before the hide.
    expect(await publicComments()).toEqual(['Honest review', 'Spam three', 'Spam two', 'Spam one']);
    // One already hidden: it is not counted again nor audited twice.
    expect((await call(server.app, 'PATCH', `/api/review/${ids[2]}`, { token: admin.token, body: { hidden: true } })).statusCode).toBe(200);

    const response = await call(server.app, 'POST', '/api/admin/reviews/hide', { token: admin.token, body: { ids: [ids[0], ids[1], ids[2], 999999] } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ hidden: 2 });

    expect(await publicComments()).toEqual(['Honest review']);
    const all = (await call(server.app, 'GET', '/api/admin/reviews', { token: admin.token })).json() as { comment: string; hidden: boolean }[];
    expect(all.map((r) => [r.comment, r.hidden])).toEqual([
      ['Honest review', false],
      ['Spam three', true],
      ['Spam two', true],
      ['Spam one', true],
    ]);

    const audit = (await call(server.app, 'GET', '/api/audit', { token: admin.token })).json() as { action: string; target: string; by: { email: string } }[];
    const hides = audit.filter((entry) => entry.action === 'review.hide');
    expect(hides.map((entry) => entry.target).sort()).toEqual([`review ${ids[0]} by Bomber Bob`, `review ${ids[1]} by Bomber Bob`]);
    expect(hides.every((entry) => entry.by.email === admin.email)).toBe(true);
  });

  it('refuses an empty or oversized list (400) and anyone but an admin (401, 403)', async () => {
    const admin = await registerAdmin(server);
    const customer = await registerCustomer(server.app);
    const hide = (body: unknown, token?: string) => call(server.app, 'POST', '/api/admin/reviews/hide', { token, body });
    expect((await hide({ ids: [] }, admin.token)).statusCode).toBe(400);
    expect((await hide({ ids: Array.from({ length: 101 }, (_, i) => i + 1) }, admin.token)).statusCode).toBe(400);
    expect((await hide({}, admin.token)).statusCode).toBe(400);
    expect((await hide({ ids: Array.from({ length: 100 }, (_, i) => i + 1) }, admin.token)).statusCode).toBe(200);
    expect((await hide({ ids: [1] })).statusCode).toBe(401);
    expect((await hide({ ids: [1] }, customer.token)).statusCode).toBe(403);
  });
});
