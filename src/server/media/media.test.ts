/** Picture uploads: only real pictures, re-encoded to WebP at each width, served for a year; on disk or in a bucket. */
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../shared/messages.js';
import { ConfigError, loadConfig } from '../config.js';
import { type Account, registerAdmin, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

interface FilePart {
  field?: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body as a browser sends a form with one file input. */
function formWith({ field = 'file', filename, type, bytes }: FilePart) {
  const boundary = '----partsmith-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

function upload(server: TestServer, token: string | undefined, part: FilePart) {
  const form = formWith(part);
  return server.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...form.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: form.payload,
  });
}

/** POSTs a body to /api/uploads over a real connection in two writes, the second a moment after the first ends at `cut`. */
async function postInTwoPieces(server: TestServer, headers: Record<string, string>, payload: Buffer, cut: number) {
  const address = server.app.server.address() ?? (await server.app.listen({ port: 0, host: '127.0.0.1' }), server.app.server.address());
  const { port } = address as AddressInfo;
  return new Promise<{ status: number | undefined; error: unknown }>((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/uploads', headers: { ...headers, 'content-length': payload.length } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, error: JSON.parse(Buffer.concat(chunks).toString()).error }));
    });
    request.on('error', reject);
    request.write(payload.subarray(0, cut));
    setTimeout(() => request.end(payload.subarray(cut)), 200);
  });
}

/** A photo-like picture: a gradient, so every width encodes differently. */
function picture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#2563eb' } }).composite([
    { input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#fbbf24"/></svg>`) },
  ]);
}

const pngOf = (width: number, height: number) => picture(width, height).png().toBuffer();

/** A real PNG whose header claims `width` × `height` pixels (decoding it would need gigabytes). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngOf(2, 2));
  // The IHDR chunk: length (4), type (4), width (4), height (4), …, then a CRC of type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const urlPattern = /^\/uploads\/([0-9a-f]{16})-800\.webp$/;

describe('picture uploads (local disk)', () => {
  let server: TestServer;
  let admin: Account;
  let customer: Account;
  let folder: string;
  let uploadDir: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'partsmith-media-'));
    uploadDir = join(folder, 'uploads');
    server = await startTestServer({ UPLOAD_DIR: uploadDir });
    admin = await registerAdmin(server);
    customer = await registerCustomer(server.app);
  });
  afterAll(async () => {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const stored = () => (existsSync(uploadDir) ? readdirSync(uploadDir).sort() : []);

  it('stores a PNG as WebP 400, 800 and 1600 wide (never enlarged) and answers the 800-wide URL', async () => {
    const response = await upload(server, admin.token, { filename: 'bumper.png', type: 'image/png', bytes: await pngOf(1200, 900) });
    expect(response.statusCode).toBe(201);
    const { url } = response.json();
    const hash = urlPattern.exec(url)?.[1];
    expect(hash).toBeDefined();

    const widths: Record<string, number> = {};
    for (const width of [400, 800, 1600]) {
      const file = await server.app.inject({ method: 'GET', url: `/uploads/${hash}-${width}.webp` });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe(IMMUTABLE);
      const metadata = await sharp(file.rawPayload).metadata();
      expect(metadata.format).toBe('webp');
      widths[width] = metadata.width;
    }
    expect(widths).toEqual({ 400: 400, 800: 800, 1600: 1200 });
  });

  it('turns a JPEG upright by its EXIF orientation and strips its metadata', async () => {
    // 300 × 200 as stored, with orientation 6: a camera held upright, so 200 wide and 300 tall when shown.
    const jpeg = await picture(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await upload(server, admin.token, { filename: 'photo.jpg', type: 'image/jpeg', bytes: jpeg });
    expect(response.statusCode).toBe(201);
    const file = await server.app.inject({ method: 'GET', url: response.json().url });
    const metadata = await sharp(file.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([200, 300]);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('gives the same picture the same URL, whatever its file name', async () => {
    const bytes = await pngOf(640, 480);
    const first = await upload(server, admin.token, { filename: 'a.png', type: 'image/png', bytes });
    const second = await upload(server, admin.token, { filename: 'b.png', type: 'application/octet-stream', bytes });
    const other = await upload(server, admin.token, { filename: 'a.png', type: 'image/png', bytes: await pngOf(641, 480) });
    expect(first.json().url).toBe(second.json().url);
    expect(other.json().url).not.toBe(first.json().url);
  });

  it('refuses a file that is not a picture (text named .png, SVG, PDF) with 400 and stores nothing', async () => {
    const before = stored();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const files: FilePart[] = [
      { filename: 'notes.png', type: 'image/png', bytes: Buffer.from('This is not a picture, just some text.\n') },
      { filename: 'logo.svg', type: 'image/svg+xml', bytes: svg },
      { filename: 'logo.png', type: 'image/png', bytes: svg },
      { filename: 'sheet.jpg', type: 'image/jpeg', bytes: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') },
      // A real PNG cut short: its header reads, its pixels don't.
      { filename: 'cut.png', type: 'image/png', bytes: (await pngOf(400, 300)).subarray(0, 200) },
    ];
    for (const file of files) {
      const response = await upload(server, admin.token, file);
      expect({ file: file.filename, status: response.statusCode, error: response.json().error }).toEqual({
        file: file.filename,
        status: 400,
        error: { code: 'validation', message: errorMessages.upload.notAPicture },
      });
    }
    expect(stored()).toEqual(before);
  });

  it('refuses a picture whose dimensions would take gigabytes to decode', async () => {
    const response = await upload(server, admin.token, { filename: 'huge.png', type: 'image/png', bytes: await pngClaiming(100_000, 100_000) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(errorMessages.upload.tooManyPixels);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const bytes = Buffer.concat([await pngOf(100, 100), Buffer.alloc(10 * 1024 * 1024)]);
    const response = await upload(server, admin.token, { filename: 'big.png', type: 'image/png', bytes });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({ code: 'body_too_large', message: errorMessages.upload.tooLarge });
  });

  it('refuses a picture just over 10 MB whose limit falls between two pieces of the body, and stores nothing', async () => {
    // A picture readable when cut at 10 MB, so only the limit stops it: a PNG followed by padding.
    const png = await pngOf(100, 100);
    const before = stored();
    for (const over of [1, 512 * 1024, 2 * 1024 * 1024]) {
      const form = formWith({ filename: 'big.png', type: 'image/png', bytes: Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 - png.length + over)]) });
      // The body sent in two writes, the first ending exactly at the 10 MB of file content, as a client on a slow network may.
      const limitAt = form.payload.indexOf('\r\n\r\n') + 4 + 10 * 1024 * 1024;
      const answer = await postInTwoPieces(server, { ...form.headers, authorization: `Bearer ${admin.token}` }, form.payload, limitAt);
      expect({ over, ...answer }).toEqual({ over, status: 413, error: { code: 'body_too_large', message: errorMessages.upload.tooLarge } });
    }
    expect(stored()).toEqual(before);
  });

  it('answers 400 when no file is sent in the field "file"', async () => {
    const png = await pngOf(10, 10);
    const answers = [
      await upload(server, admin.token, { field: 'picture', filename: 'a.png', type: 'image/png', bytes: png }),
      await upload(server, admin.token, { filename: '', type: 'application/octet-stream', bytes: Buffer.alloc(0) }),
      await server.app.inject({ method: 'POST', url: '/api/uploads', headers: { authorization: `Bearer ${admin.token}` }, payload: { file: 'x' } }),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.json().error.message])).toEqual(
      Array.from({ length: 3 }, () => [400, errorMessages.upload.missing]),
    );
  });

  it('answers 400 to a form that cannot be read, never 500', async () => {
    const garbled = [
      { 'content-type': 'multipart/form-data; boundary=xyz', payload: 'no parts at all' },
      { 'content-type': 'multipart/form-data; boundary=xyz', payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\ncut' },
      { 'content-type': 'multipart/form-data', payload: '--xyz--\r\n' },
    ];
    for (const { payload, ...headers } of garbled) {
      const response = await server.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...headers, authorization: `Bearer ${admin.token}` }, payload });
      expect([response.statusCode, response.json().error.message]).toEqual([400, errorMessages.upload.unreadable]);
    }
  });

  it('checks who asks before it reads the body: 401 anonymous, 403 customer', async () => {
    const bytes = await pngOf(10, 10);
    expect((await upload(server, undefined, { filename: 'a.png', type: 'image/png', bytes })).statusCode).toBe(401);
    expect((await upload(server, customer.token, { filename: 'a.png', type: 'image/png', bytes })).statusCode).toBe(403);
  });

  it('takes multipart bodies only at /api/uploads', async () => {
    const form = formWith({ filename: 'a.png', type: 'image/png', bytes: await pngOf(10, 10) });
    const response = await server.app.inject({ method: 'POST', url: '/api/contact', ...form });
    expect(response.statusCode).toBe(415);
  });

  it('serves uploaded picture names only: no other file, folder or path outside the upload folder', async () => {
    const { url } = (await upload(server, admin.token, { filename: 'a.png', type: 'image/png', bytes: await pngOf(300, 300) })).json();
    const hash = urlPattern.exec(url)![1]!;
    writeFileSync(join(folder, 'secret.txt'), 'outside the upload folder');
    writeFileSync(join(uploadDir, 'notes.txt'), 'inside, but no picture of ours');
    writeFileSync(join(uploadDir, `.${hash}-800.webp.0123.partial`), 'half written');
    const attempts = [
      '/uploads/../secret.txt',
      '/uploads/..%2fsecret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/%2e%2e%2fsecret.txt',
      '/uploads/..%5csecret.txt',
      `/uploads/${hash}-800.webp/../../secret.txt`,
      `/uploads/x/..%2f..%2fsecret.txt`,
      '/uploads/notes.txt',
      `/uploads/.${hash}-800.webp.0123.partial`,
      '/uploads/',
      '/uploads',
      `/uploads/${hash}-801.webp`,
      '/uploads/0123456789abcdef-800.webp',
    ];
    const answers = await Promise.all(attempts.map(async (path) => [path, (await server.app.inject({ method: 'GET', url: path })).statusCode]));
    expect(answers.filter(([, status]) => status !== 404 && status !== 400)).toEqual([]);
    expect((await server.app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
  });
});

/** Stands in for an S3-compatible service on 127.0.0.1: takes signed PUT /<bucket>/<key> and keeps what it got. */
async function startFakeS3() {
  const objects = new Map<string, { headers: IncomingHttpHeaders; body: Buffer }>();
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const signed = /^AWS4-HMAC-SHA256 Credential=test-access-key\/\d{8}\/eu-test-1\/s3\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/;
    if (request.method !== 'PUT' || !signed.test(request.headers.authorization ?? '')) {
      response.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>');
      return;
    }
    objects.set(new URL(request.url ?? '', 'http://s3').pathname, { headers: request.headers, body: Buffer.concat(chunks) });
    response.writeHead(200, { etag: '"fake"' }).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { objects, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

describe('picture uploads (S3-compatible bucket)', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let server: TestServer;
  let admin: Account;
  let folder: string;

  beforeAll(async () => {
    s3 = await startFakeS3();
    folder = mkdtempSync(join(tmpdir(), 'partsmith-media-s3-'));
    server = await startTestServer({
      UPLOAD_DIR: folder,
      S3_BUCKET: 'shop-pictures',
      S3_REGION: 'eu-test-1',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'test-access-key',
      S3_SECRET_ACCESS_KEY: 'test-secret-key',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://pictures.example.com/shop/',
    });
    admin = await registerAdmin(server);
  });
  afterAll(async () => {
    await server.close();
    s3.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('puts every width in the bucket as immutable WebP and answers its public URL', async () => {
    const response = await upload(server, admin.token, { filename: 'a.png', type: 'image/png', bytes: await pngOf(1000, 750) });
    expect(response.statusCode).toBe(201);
    const { url } = response.json();
    const hash = /^https:\/\/pictures\.example\.com\/shop\/([0-9a-f]{16})-800\.webp$/.exec(url)?.[1];
    expect(hash).toBeDefined();

    expect([...s3.objects.keys()].sort()).toEqual([400, 800, 1600].map((width) => `/shop-pictures/${hash}-${width}.webp`).sort());
    for (const [key, object] of s3.objects) {
      expect(object.headers['content-type'], key).toBe('image/webp');
      expect(object.headers['cache-control'], key).toBe(IMMUTABLE);
      expect((await sharp(object.body).metadata()).format, key).toBe('webp');
    }
    expect(readdirSync(folder)).toEqual([]);
    expect((await server.app.inject({ method: 'GET', url: `/uploads/${hash}-800.webp` })).statusCode).toBe(404);
  });
});

describe('picture storage settings', () => {
  it('needs S3_PUBLIC_URL with S3_BUCKET, and both access keys or neither', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        return error.message;
      }
    };
    expect(problems({ S3_BUCKET: 'pictures' })).toMatch(/S3_PUBLIC_URL: S3_BUCKET needs S3_PUBLIC_URL/);
    expect(problems({ S3_BUCKET: 'pictures', S3_PUBLIC_URL: 'https://cdn.example.com', S3_ACCESS_KEY_ID: 'k' })).toMatch(/S3_SECRET_ACCESS_KEY: /);
    expect(problems({ S3_BUCKET: 'pictures', S3_PUBLIC_URL: 'cdn.example.com' })).toMatch(/S3_PUBLIC_URL: must be an http\(s\) URL/);
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({}).uploadDir).toBe('data/uploads');
    expect(loadConfig({ S3_BUCKET: 'pictures', S3_PUBLIC_URL: 'https://cdn.example.com/' }).s3).toEqual({
      bucket: 'pictures',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      publicUrl: 'https://cdn.example.com',
      forcePathStyle: false,
    });
  });
});
