import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, call, createProduct, databaseKind, registerAdmin, startTestServer, type TestServer } from '../test/harness.js';

const HERO_PRELOAD = '<link rel="preload" as="image" href="/images/hero.svg" fetchpriority="high" data-home-only />';
const INDEX_HTML = `<!doctype html><head>\n    <meta name="description" content="Partsmith – car parts." />\n    ${HERO_PRELOAD}\n    <title>Partsmith</title></head>`;
/** What every page but the home page gets: the home page's own preload left out, nothing else. */
const OTHER_PAGES_HTML = INDEX_HTML.replace(`\n    ${HERO_PRELOAD}`, '');
/** A page the build prerendered (this dist has only this one). */
const ALL_PRODUCTS_HTML = `<!doctype html><head><title>All Products – Partsmith</title></head><body><div id="root"><h1>All Products</h1>${'<p>Genuine parts.</p>'.repeat(40)}</div></body>`;

describe(`the storefront's files (${databaseKind})`, () => {
  let server: TestServer;
  let dist: string;
  const script = 'console.log("partsmith");'.repeat(50);

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'partsmith-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    mkdirSync(join(dist, 'pages'));
    writeFileSync(join(dist, 'pages', 'allProducts.html'), ALL_PRODUCTS_HTML);
    writeFileSync(join(dist, 'pages', 'allProducts.html.br'), brotliCompressSync(ALL_PRODUCTS_HTML));
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

  it('answers page paths with the app (revalidated), the hero preloaded on the home page only, and missing files or API paths with 404', async () => {
    // /about is prerendered by a full build; this dist has no file for it, nor for the home page.
    for (const path of ['/', '/about', '/dashboard/myOrders', '/no/such/page']) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['content-type'], path).toMatch(/^text\/html/);
      expect(page.body, path).toBe(path === '/' ? INDEX_HTML : OTHER_PAGES_HTML);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    expect(OTHER_PAGES_HTML).not.toContain('hero.svg');
    expect((await get('/assets/index-old999.js')).statusCode).toBe(404);
    const api = await get('/api/no-such-endpoint');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
  });

  it('answers a prerendered page with its file, whatever the query, compressed when the browser takes it', async () => {
    for (const path of ['/allProducts', '/allProducts?q=brake&inStock=true']) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['content-type'], path).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.body, path).toBe(ALL_PRODUCTS_HTML);
    }
    const brotli = await get('/allProducts', { 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload).toEqual(brotliCompressSync(ALL_PRODUCTS_HTML));
  });

  it("gives a part's page its own title, description and canonical link (escaped), and 404 for an unknown number", async () => {
    const admin: Account = await registerAdmin(server);
    await createProduct(server.app, admin, { name: 'Fog Lamp <b>"Pro"</b>', sku: 'FL-88', description: 'Round LED fog lamp & more.' });
    for (const path of ['/parts/FL-88', '/parts/fl88']) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<title>Fog Lamp &lt;b&gt;&quot;Pro&quot;&lt;/b&gt; (FL-88) | Partsmith</title>');
      expect(page.body).toContain('<meta name="description" content="FL-88 · Other Parts. Round LED fog lamp &amp; more." />');
      expect(page.body).toContain('<link rel="canonical" href="/parts/FL-88" />');
    }
    const unknown = await get('/parts/NOPE-1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(OTHER_PAGES_HTML);
    expect((await get('/parts/FL-88')).body).not.toContain('hero.svg');
    const id = (await call(server.app, 'GET', '/api/products/sku/FL-88')).json()._id as string;
    await call(server.app, 'PATCH', `/api/products/${id}`, { token: admin.token, body: { active: false } });
    expect((await get('/parts/FL-88')).statusCode).toBe(404);
  });
});
