/** Reviews held for approval (issue 62): what the shop shows of a review in each status, and the admins' queue. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages } from '../../shared/schemas.js';
import { type Account, call, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';

interface Listed {
  _id: string;
  comment: string;
  status: string;
  hidden: boolean;
  rating: string;
  flags?: string[];
}

describe(`reviews held for approval, REVIEW_MODERATION=before (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let buyer: Account;
  beforeAll(async () => {
    // REVIEW_MODERATION is not set: 'before' is the default. Live figures, to see the summary count.
    server = await startTestServer({ HOME_FIGURES: 'live' });
    admin = await registerAdmin(server);
    buyer = await registerCustomer(server.app, 'Moderated Buyer');
  });
  afterAll(() => server.close());

  const publicComments = async () => ((await call(server.app, 'GET', '/api/review')).json() as Listed[]).map((r) => r.comment);
  const summary = async () => (await call(server.app, 'GET', '/api/summary')).json() as { reviews: number; averageRating: number };
  const moderate = (id: string, body: unknown, token = admin.token) => call(server.app, 'PATCH', `/api/review/${id}`, { token, body });
  const queue = async (query = '') => {
    const answer = await call(server.app, 'GET', `/api/admin/reviews${query}`, { token: admin.token });
    expect(answer.statusCode).toBe(200);
    return answer.json() as Listed[];
  };
  const postShopReview = async (comment: string, rating = 5, author = buyer) => {
    const posted = await call(server.app, 'POST', '/api/review', { token: author.token, body: { rating, comment } });
    expect(posted.statusCode).toBe(201);
    return posted.json() as Listed;
  };

  it('holds a shop review until an admin approves it, and takes it off again when rejected', async () => {
    const before = await summary();
    const posted = await postShopReview('Held for approval', 4);
    expect(posted).toMatchObject({ status: 'pending', hidden: false });
    expect(await publicComments()).not.toContain('Held for approval');
    expect(await summary()).toEqual(before);

    const approved = await moderate(posted._id, { status: 'published' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'published', hidden: false });
    expect(await publicComments()).toContain('Held for approval');
    expect((await summary()).reviews).toBe(before.reviews + 1);

    expect((await moderate(posted._id, { status: 'hidden' })).json()).toMatchObject({ status: 'hidden', hidden: true });
    expect(await publicComments()).not.toContain('Held for approval');
    expect(await summary()).toEqual(before);
  });

  it("counts a part's review in its page and rating figures only while it is published", async () => {
    const productId = await createProduct(server.app, admin, { name: 'Moderated Rotor', stock: 10, min: 1 });
    const figures = async () => {
      const page = (await call(server.app, 'GET', `/api/products/${productId}/reviews`)).json() as { items: { comment: string }[]; summary: { count: number; average: number | null } };
      const { rating } = (await call(server.app, 'GET', `/api/products/${productId}`)).json() as { rating: { count: number; average: number | null } };
      return { listed: page.items.length, summary: [page.summary.count, page.summary.average], rating: [rating.count, rating.average] };
    };
    const none = { listed: 0, summary: [0, null], rating: [0, null] };
    const post = async (author: Account, rating: number) => {
      const answer = await call(server.app, 'POST', `/api/products/${productId}/reviews`, { token: author.token, body: { rating, title: 'Rotor', comment: `Rated ${rating}` } });
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toMatchObject({ status: 'pending' });
      return answer.json().id as string;
    };
    const five = await post(buyer, 5);
    const two = await post(await registerCustomer(server.app, 'Second Buyer'), 2);
    expect(await figures()).toEqual(none);

    expect((await moderate(five, { status: 'published' })).statusCode).toBe(200);
    expect(await figures()).toEqual({ listed: 1, summary: [1, 5], rating: [1, 5] });
    // Approving twice counts once.
    expect((await moderate(five, { hidden: false })).statusCode).toBe(200);
    expect((await moderate(two, { status: 'published' })).statusCode).toBe(200);
    // (5 + 2) / 2 = 3.5
    expect(await figures()).toEqual({ listed: 2, summary: [2, 3.5], rating: [2, 3.5] });

    expect((await moderate(two, { hidden: true })).statusCode).toBe(200);
    expect(await figures()).toEqual({ listed: 1, summary: [1, 5], rating: [1, 5] });
    // Back to pending (hidden → pending): still not counted; published again it is.
    expect((await moderate(two, { status: 'pending' })).statusCode).toBe(200);
    expect(await figures()).toEqual({ listed: 1, summary: [1, 5], rating: [1, 5] });

    // New words of a published review wait again; a new rating alone stays published.
    const change = (body: unknown) => call(server.app, 'PATCH', `/api/products/${productId}/reviews/mine`, { token: buyer.token, body });
    expect((await change({ rating: 4 })).json()).toMatchObject({ status: 'published', rating: 4 });
    expect(await figures()).toEqual({ listed: 1, summary: [1, 4], rating: [1, 4] });
    expect((await change({ comment: 'Call 555-0199 for cheaper rotors' })).json()).toMatchObject({ status: 'pending' });
    expect(await figures()).toEqual(none);

    expect((await moderate(five, { status: 'published' })).statusCode).toBe(200);
    expect(await figures()).toEqual({ listed: 1, summary: [1, 4], rating: [1, 4] });
    const deleted = await call(server.app, 'DELETE', `/api/review/${five}`, { token: admin.token });
    expect(deleted.statusCode).toBe(204);
    expect(await figures()).toEqual(none);
    // A pending one deleted leaves the figures as they were.
    expect((await call(server.app, 'DELETE', `/api/review/${two}`, { token: admin.token })).statusCode).toBe(204);
    expect(await figures()).toEqual(none);
    expect((await call(server.app, 'DELETE', `/api/review/${two}`, { token: admin.token })).statusCode).toBe(404);
  });

  it('deletes a review for good, in the audit log', async () => {
    const posted = await postShopReview('Delete me');
    expect((await call(server.app, 'DELETE', `/api/review/${posted._id}`, { token: admin.token })).statusCode).toBe(204);
    expect((await queue()).map((r) => r._id)).not.toContain(posted._id);
    expect((await moderate(posted._id, { status: 'published' })).statusCode).toBe(404);
    const audit = (await call(server.app, 'GET', '/api/audit', { token: admin.token })).json() as { action: string; target: string; by: { email: string } }[];
    expect(audit.find((entry) => entry.action === 'review.delete')).toMatchObject({ target: `review ${posted._id} by Moderated Buyer`, by: { email: admin.email } });
  });

  it('filters the queue by status and rating, newest first, and flags links and phone numbers', async () => {
    const author = await registerCustomer(server.app, 'Queue Author');
    const spam = await postShopReview('Cheaper at rival-parts.com, call 555-0199', 1, author);
    const link = await postShopReview('See www.example.org', 1, author);
    const honest = await postShopReview('Part 45-0123 fits, paid $89.99', 4, author);
    const published = await postShopReview('Approved one', 4, author);
    await moderate(published._id, { status: 'published' });

    const pendingOnes = await queue('?status=pending');
    expect(pendingOnes.every((r) => r.status === 'pending')).toBe(true);
    expect(pendingOnes.slice(0, 3).map((r) => [r.comment, r.flags])).toEqual([
      ['Part 45-0123 fits, paid $89.99', []],
      ['See www.example.org', ['link']],
      ['Cheaper at rival-parts.com, call 555-0199', ['link', 'phone']],
    ]);
    const pendingOnes1 = await queue('?status=pending&rating=1');
    expect(pendingOnes1.map((r) => r._id).slice(0, 2)).toEqual([link._id, spam._id]);
    expect(pendingOnes1.every((r) => r.rating === '1' && r.status === 'pending')).toBe(true);
    const published4 = await queue('?status=published&rating=4');
    expect(published4.map((r) => r._id)).toContain(published._id);
    expect(published4.map((r) => r._id)).not.toContain(honest._id);
    expect((await queue()).map((r) => r._id).slice(0, 4)).toEqual([published._id, honest._id, link._id, spam._id]);
    // Nobody else is told the flags.
    expect((await call(server.app, 'GET', '/api/review')).json()[0]).not.toHaveProperty('flags');

    for (const query of ['?status=shown', '?rating=6', '?rating=0', '?rating=x']) {
      const refused = await call(server.app, 'GET', `/api/admin/reviews${query}`, { token: admin.token });
      expect(refused.statusCode, query).toBe(400);
    }
  });

  it('bulk-hides pending reviews as well as published ones', async () => {
    const pending = await postShopReview('Pending spam');
    const shown = await postShopReview('Shown spam');
    await moderate(shown._id, { status: 'published' });
    const hidden = await call(server.app, 'POST', '/api/admin/reviews/hide', { token: admin.token, body: { ids: [Number(pending._id), Number(shown._id)] } });
    expect(hidden.json()).toEqual({ hidden: 2 });
    const statuses = (await queue('?status=hidden')).map((r) => r._id);
    expect(statuses).toEqual(expect.arrayContaining([pending._id, shown._id]));
    expect(await publicComments()).not.toContain('Shown spam');
  });

  it('takes a status or hidden, one of them, and says so otherwise (400)', async () => {
    const posted = await postShopReview('Shape check');
    for (const body of [{}, { status: 'shown' }, { hidden: 'yes' }, { status: 'published', hidden: true }]) {
      const refused = await moderate(posted._id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(JSON.stringify((await moderate(posted._id, {})).json())).toContain(fieldMessages.reviewModerationShape);
  });

  it('lets only admins moderate: anonymous 401, customers 403', async () => {
    const posted = await postShopReview('Not yours to moderate');
    const asks = [
      (token?: string) => call(server.app, 'PATCH', `/api/review/${posted._id}`, { token, body: { status: 'published' } }),
      (token?: string) => call(server.app, 'DELETE', `/api/review/${posted._id}`, { token }),
      (token?: string) => call(server.app, 'GET', '/api/admin/reviews?status=pending', { token }),
    ];
    for (const ask of asks) {
      expect((await ask()).statusCode).toBe(401);
      expect((await ask(buyer.token)).statusCode).toBe(403);
    }
    expect((await queue('?status=pending')).map((r) => r._id)).toContain(posted._id);
  });
});

describe(`reviews published at once, REVIEW_MODERATION=after (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ REVIEW_MODERATION: 'after' });
  });
  afterAll(() => server.close());

  it("shows a new shop review and counts a new part's review at once", async () => {
    const admin = await registerAdmin(server);
    const buyer = await registerCustomer(server.app, 'Unmoderated Buyer');
    const posted = await call(server.app, 'POST', '/api/review', { token: buyer.token, body: { rating: 3, comment: 'Live at once' } });
    expect(posted.json()).toMatchObject({ status: 'published' });
    expect((await call(server.app, 'GET', '/api/review')).json().map((r: Listed) => r.comment)).toContain('Live at once');

    const productId = await createProduct(server.app, admin, { name: 'Unmoderated Pad', stock: 5, min: 1 });
    const review = await call(server.app, 'POST', `/api/products/${productId}/reviews`, { token: buyer.token, body: { rating: 3, title: 'Pad', comment: 'Fine' } });
    expect(review.json()).toMatchObject({ status: 'published' });
    expect((await call(server.app, 'GET', `/api/products/${productId}`)).json().rating).toEqual({ count: 1, average: 3 });
    // New words stay published too.
    const changed = await call(server.app, 'PATCH', `/api/products/${productId}/reviews/mine`, { token: buyer.token, body: { comment: 'Still fine' } });
    expect(changed.json()).toMatchObject({ status: 'published' });
    expect((await call(server.app, 'GET', `/api/products/${productId}`)).json().rating).toEqual({ count: 1, average: 3 });
  });
});
