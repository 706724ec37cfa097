/** Public answers served from the response cache, as a client sees them: fresh, revalidated, aging. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Account, call, createProduct, databaseKind, registerAdmin, startTestServer, type TestServer } from '../test/harness.js';

const stockOf = (answer: { json: () => unknown }) => (answer.json() as { stock: number }).stock;

describe(`cached public answers (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_CACHE_MS: '60000' });
    admin = await registerAdmin(server);
  });
  afterAll(() => server.close());

  it('answers a revalidation of the version the browser has with a bodiless 304, and any other with the 200', async () => {
    const id = await createProduct(server.app, admin, { name: 'Revalidated Part', stock: 50, min: 1 });
    const path = `/api/products/${id}`;
    const plain = await call(server.app, 'GET', path);
    const etag = plain.headers.etag as string;
    expect(plain.headers['cache-control']).toBe('no-cache');
    for (const tag of [etag, `W/${etag}`, `"an-older-version", ${etag}`]) {
      const revalidated = await server.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': tag } });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
    }
    const stale = await server.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': '"an-older-version"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(plain.body);
  });
});

describe(`cached public answers age (${databaseKind})`, () => {
  let server: TestServer | undefined;
  afterEach(() => server?.close());

  it('goes back to the database once the answer is older than the cache time', async () => {
    server = await startTestServer({ PUBLIC_CACHE_MS: '300' });
    const id = await createProduct(server.app, await registerAdmin(server), { name: 'Aging Part', stock: 50, min: 1 });
    const path = `/api/products/${id}`;
    expect(stockOf(await call(server.app, 'GET', path))).toBe(50);
    // A change behind this server's back, as another server makes it.
    await server.db.kysely.updateTable('products').set({ stock: 49 }).where('id', '=', Number(id)).execute();
    expect(stockOf(await call(server.app, 'GET', path))).toBe(50);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(stockOf(await call(server.app, 'GET', path))).toBe(49);
  });
});
