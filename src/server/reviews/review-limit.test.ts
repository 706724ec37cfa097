import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../shared/messages.js';
import { call, databaseKind, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';

describe(`review bombing (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    // The shop's default limit, not the harness's raised one.
    server = await startTestServer({ REVIEW_RATE_LIMIT: '3', REVIEW_MODERATION: 'after' });
  });
  afterAll(() => server.close());

  it('lets a new account post at most REVIEW_RATE_LIMIT reviews an hour, even 100 at once', async () => {
    const honest = await registerCustomer(server.app, 'Honest Buyer');
    expect((await call(server.app, 'POST', '/api/review', { token: honest.token, body: { rating: 5, comment: 'Fits my car' } })).statusCode).toBe(201);

    const bomber = await registerCustomer(server.app, 'Review Bomber');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(server.app, 'POST', '/api/review', { token: bomber.token, body: { rating: 1, comment: `Terrible ${i}` } }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(97);
    expect(answers.find((answer) => answer.statusCode === 429)!.json().error).toEqual({ code: 'too_many_reviews', message: errorMessages.tooManyReviews(3) });

    const list = (await call(server.app, 'GET', '/api/review')).json() as { name: string; rating: string }[];
    expect(list.filter((review) => review.name === 'Review Bomber')).toHaveLength(3);
    expect(list.filter((review) => review.name === 'Honest Buyer')).toHaveLength(1);
    expect(list).toHaveLength(4);

    // Another account is not held back by the bomber's limit.
    const other = await registerCustomer(server.app, 'Other Buyer');
    expect((await call(server.app, 'POST', '/api/review', { token: other.token, body: { rating: 4, comment: 'Good' } })).statusCode).toBe(201);
  });
});
