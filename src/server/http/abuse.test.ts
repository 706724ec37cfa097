/** What an anonymous abuser can no longer do: grow the cache with junk, hold a connection, pick an IP. */
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { call, databaseKind, startTestServer, type TestServer } from '../test/harness.js';
import { ResponseCache } from './response-cache.js';

describe(`abuse (${databaseKind})`, () => {
  let server: TestServer | undefined;
  afterEach(() => server?.close());

  it('keys the public answer cache on the parsed query: 2,000 junk URLs make one entry, and it has a byte budget', async () => {
    const cache = new ResponseCache(60_000, 20_000);
    server = await startTestServer({ PUBLIC_CACHE_MS: '60000' });
    const { buildApp } = await import('../app.js');
    const app = await buildApp({ db: server.db, config: server.config, cache });
    for (let i = 0; i < 2000; i++) {
      const answer = await app.inject({ method: 'GET', url: `/api/products?junk${i}=${'x'.repeat(200)}&limit=5` });
      expect(answer.statusCode).toBe(200);
    }
    await app.inject({ method: 'GET', url: '/api/products/000001' });
    await app.inject({ method: 'GET', url: '/api/products/1?x=y' });
    expect(cache.size.entries).toBeLessThanOrEqual(2);
    for (let q = 0; q < 300; q++) await app.inject({ method: 'GET', url: `/api/products?q=part${q}` });
    expect(cache.size.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.size.entries).toBeGreaterThan(0);
    await app.close();
  });

  it('cuts off a request whose body never finishes arriving', async () => {
    server = await startTestServer({ REQUEST_TIMEOUT: '1s' });
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write('POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":');
      });
      socket.on('data', () => undefined);
      socket.on('close', () => resolve(Date.now() - started));
      socket.on('error', reject);
      setTimeout(() => reject(new Error('still open after 10 s')), 10_000).unref();
    });
    expect(closedAfter).toBeGreaterThanOrEqual(900);
    expect(closedAfter).toBeLessThan(8_000);
  });

  it('does not let a client choose its address with X-Forwarded-For when no proxy is trusted', async () => {
    server = await startTestServer({ LOGIN_RATE_LIMIT: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `someone${i}@example.com`, password: 'whatever1' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect((await call(server.app, 'GET', '/api/health')).statusCode).toBe(200);
  });
});
