import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseKind, startTestServer, type TestServer } from '../test/harness.js';
import { collectedLogLines } from '../test/log-lines.js';
import { serverLogging } from './request-log.js';

describe(`request logging (${databaseKind})`, () => {
  let server: TestServer | undefined;
  afterEach(() => server?.close());

  it('writes one line per request at the default level: method, URL, status and time', async () => {
    const { lines, stream } = collectedLogLines();
    server = await startTestServer({}, { level: 'info', stream });
    await server.app.inject({ method: 'GET', url: '/api/products?limit=2' });
    await server.app.inject({ method: 'GET', url: '/api/nowhere' });
    const requests = lines.filter((line) => 'url' in line);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', url: '/api/products?limit=2', statusCode: 200 });
    expect(requests[0]!.responseTime).toEqual(expect.any(Number));
    expect(requests[1]).toMatchObject({ url: '/api/nowhere', statusCode: 404 });
  });

  it('writes no line per request above the info level', async () => {
    const { lines, stream } = collectedLogLines();
    server = await startTestServer({}, { level: 'warn', stream });
    await server.app.inject({ method: 'GET', url: '/api/products?limit=2' });
    expect(lines).toEqual([]);
  });

  it('holds back a writer of many lines until the log has caught up, so that none is lost', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'partsmith-log-'));
    try {
      const logging = serverLogging('info', join(folder, 'shop.log'));
      const log = pino(logging.options, logging.options.stream);
      // 10 MB of lines the size of an order's e-mail: more than the log holds unwritten (4 MB).
      const text = `Your order — ${'1 × BRK-00042 Brake Disc $42.50 '.repeat(60)}`;
      const count = 5000;
      for (let i = 0; i < count; i++) {
        await logging.caughtUp();
        log.info({ i, text }, 'e-mail');
      }
      const written = () => readFileSync(join(folder, 'shop.log'), 'utf8').split('\n').filter(Boolean);
      await vi.waitFor(() => expect(written()).toHaveLength(count), { timeout: 5000 });
      expect(written().map((line) => (JSON.parse(line) as { i: number }).i)).toEqual([...Array(count).keys()]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('waits a second at most for a log that writes nothing (stdout never read)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'partsmith-log-'));
    const fifo = join(folder, 'unread');
    execFileSync('mkfifo', [fifo]);
    try {
      const logging = serverLogging('info', fifo);
      const log = pino(logging.options, logging.options.stream);
      log.info({ text: 'x'.repeat(100_000) }, 'more than the log may hold unwritten');
      const started = Date.now();
      await logging.caughtUp();
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      // The destination still waits to open the pipe: a reader lets it, and closing makes its writes fail.
      closeSync(openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK));
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
