import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestServer, type TestServer } from '../test/harness.js';

describe(`the storefront's files (${databaseKind})`, () => {
  let server: TestServer;
  let dist: string;
  const script = 'console.log("partsmith");'.repeat(50);

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'partsmith-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Partsmith</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    server = await startTestServer({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

  it('serves hashed assets compressed, with a year-long immutable cache', async () => {
    const brotli = await get('/assets/index-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers page paths with the app (revalidated), and missing files or API paths with 404', async () => {
    for (const path of ['/', '/allProducts', '/dashboard/myOrders', '/no/such/page']) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.body).toContain('<title>Partsmith</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    expect((await get('/assets/index-old999.js')).statusCode).toBe(404);
    const api = await get('/api/no-such-endpoint');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
  });
});
