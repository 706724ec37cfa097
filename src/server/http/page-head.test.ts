/** The head the server writes into a part's page (`/parts/:sku`) holds the part's text as typed, whatever characters it has. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, databaseKind, registerAdmin, startTestServer, type TestServer } from '../test/harness.js';

const INDEX_HTML =
  '<!doctype html><html><head>\n    <meta name="description" content="Partsmith – car parts." />\n    <title>Partsmith</title>\n' +
  '    <script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

describe(`a part's server-rendered head (${databaseKind})`, () => {
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'partsmith-head-'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    server = await startTestServer({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("keeps $' $` $& $$ $1 in a name and description as text, escaped, and the rest of the page intact", async () => {
    const admin = await registerAdmin(server);
    await createProduct(server.app, admin, {
      sku: 'DL-58',
      name: "Pads $' and $` and $& <b>",
      description: "Costs $$5 & $1 off; $' after, $` before, $& match.",
    });
    const page = await server.app.inject({ method: 'GET', url: '/parts/DL-58' });
    expect(page.statusCode).toBe(200);
    const title = 'Pads $&#39; and $` and $&amp; &lt;b&gt; (DL-58) | Partsmith';
    const description = 'DL-58 · Other Parts. Costs $$5 &amp; $1 off; $&#39; after, $` before, $&amp; match.';
    expect(page.body).toBe(
      '<!doctype html><html><head>\n' +
        `    <meta name="description" content="${description}" />\n` +
        `    <title>${title}</title>\n` +
        '    <link rel="canonical" href="/parts/DL-58" />\n' +
        '    <meta property="og:type" content="product" />\n' +
        `    <meta property="og:title" content="${title}" />\n` +
        `    <meta property="og:description" content="${description}" />\n` +
        '    <meta property="og:image" content="/images/products/tire.svg" />\n' +
        '    <script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
    );
  });
});
