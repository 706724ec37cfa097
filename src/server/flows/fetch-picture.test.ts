import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../shared/messages.js';
import { type Account, call, databaseKind, registerAdmin, startTestServer, type TestServer, validProduct } from '../test/harness.js';

/** A picture a PIES file links to, on a local server (the tests have no internet): fetched only when staff ask. */
describe(`fetching a linked picture into the shop (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let folder: string;
  let pictures: Server;
  let base: string;
  let served = 0;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'partsmith-fetch-'));
    server = await startTestServer({ UPLOAD_DIR: join(folder, 'uploads') });
    admin = await registerAdmin(server);
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2563eb' } }).png().toBuffer();
    pictures = createServer((request, response) => {
      served += 1;
      if (request.url === '/headlight.png') response.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else if (request.url === '/not-a-picture.png') response.writeHead(200, { 'content-type': 'image/png' }).end('<html>nope</html>');
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => pictures.close(resolve));
    rmSync(folder, { recursive: true, force: true });
  });

  const partWith = async (img: string) => (await call(server.app, 'POST', '/api/products', { token: admin.token, body: { ...validProduct, img } })).json()._id as string;
  const fetchPicture = (id: string, token = admin.token) => call(server.app, 'POST', `/api/products/${id}/picture/fetch`, { token });

  it('keeps the link as it is until staff ask, then stores the picture as an upload and links the part to it', async () => {
    const id = await partWith(`${base}/headlight.png`);
    expect(served).toBe(0);
    const response = await fetchPicture(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().img).toMatch(/^\/uploads\/[0-9a-f]+-800\.webp$/);
    expect(readdirSync(join(folder, 'uploads')).filter((name) => name.endsWith('.webp'))).toHaveLength(3);
    // Now the shop's own: nothing more to fetch.
    expect((await fetchPicture(id)).json().error.message).toBe(errorMessages.pictureFetch.notRemote);
  });

  it('refuses a link that answers no picture, or an error, and leaves the part as it was', async () => {
    const notPicture = await partWith(`${base}/not-a-picture.png`);
    const refused = await fetchPicture(notPicture);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(errorMessages.upload.notAPicture);
    const missing = await partWith(`${base}/gone.png`);
    expect((await fetchPicture(missing)).json().error.message).toBe(errorMessages.pictureFetch.failed(404));
    expect((await call(server.app, 'GET', `/api/products/${missing}`)).json().img).toBe(`${base}/gone.png`);
  });
});
