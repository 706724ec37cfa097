/** Counters for rate limits and lockouts: windows that end, and one count for every server on PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { databaseKind, startTestServer, type TestServer } from '../test/harness.js';
import { type Counters, databaseCounters, memoryCounters } from './service.js';

describe(`counters (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LOGIN_RATE_LIMIT: '4' });
  });
  afterAll(() => server.close());

  const kinds: [string, () => Counters][] = [
    ['in memory', () => memoryCounters()],
    ['in the database', () => databaseCounters(server.db.kysely)],
  ];

  it.each(kinds)('counts hits in a window that ends, %s', async (_kind, make) => {
    const counters = make();
    const key = `test:${Math.random()}`;
    expect((await counters.hit(key, 60_000)).count).toBe(1);
    const second = await counters.hit(key, 60_000);
    expect(second.count).toBe(2);
    expect(second.resetAt).toBeGreaterThan(Date.now() + 50_000);
    expect(await counters.count(key)).toBe(2);
    await counters.clear(key);
    expect(await counters.count(key)).toBe(0);
    const short = `test:${Math.random()}`;
    await counters.hit(short, 30);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await counters.count(short)).toBe(0);
    expect((await counters.hit(short, 60_000)).count).toBe(1);
  });

  it.each(kinds)('counts hits that arrive at once exactly, %s', async (_kind, make) => {
    const counters = make();
    const key = `test:${Math.random()}`;
    const counts = (await Promise.all(Array.from({ length: 25 }, () => counters.hit(key, 60_000)))).map((h) => h.count);
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('shares the login rate limit between two servers on one PostgreSQL (each SQLite process has its own)', async () => {
    const second = await buildApp({ db: server.db, config: server.config });
    const attempt = (app: typeof second, i: number) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `guess${i}@example.com`, password: 'whatever1' } });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(i % 2 === 0 ? server.app : second, i)).statusCode);
    await second.close();
    if (databaseKind === 'postgres') expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    else expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
  });
});
