/** REQUEST_TIMEOUT holds for the body too when the server has answered before reading it (a 401 sent at once). */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestServer, type TestServer } from '../test/harness.js';

const REQUEST_TIMEOUT_MS = 2000;
const HEAD = 'POST /api/orders HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A connection to the server, with what it has received so far and when it closed (ms after opening). */
async function open(port: number) {
  const started = Date.now();
  const seen = { received: '', closedAfterMs: undefined as number | undefined };
  const socket: Socket = connect(port, '127.0.0.1');
  socket.on('data', (chunk: Buffer) => (seen.received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      seen.closedAfterMs = Date.now() - started;
      resolve();
    }),
  );
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, seen, closed };
}

describe(`a body that never finishes arriving (${databaseKind})`, () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer({ REQUEST_TIMEOUT: `${REQUEST_TIMEOUT_MS}ms` });
    port = Number(new URL(await server.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(() => server.close());

  it('is cut off at REQUEST_TIMEOUT even after the server answered 401 without reading it, however it trickles in', async () => {
    const connection = await open(port);
    connection.socket.write(`${HEAD}{"items":[`);
    // One more byte of the 1,000 every 200 ms: the connection is never idle, the body never done.
    const trickle = setInterval(() => connection.socket.writable && connection.socket.write(' '), 200);
    await Promise.race([connection.closed, sleep(5 * REQUEST_TIMEOUT_MS)]);
    clearInterval(trickle);
    connection.socket.destroy();
    expect(connection.seen.received).toMatch(/^HTTP\/1\.1 401 /);
    expect(connection.seen.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(connection.seen.closedAfterMs).toBeLessThan(1.3 * REQUEST_TIMEOUT_MS);
  }, 20_000);

  it('keeps the connection of a client whose body arrives in time after the answer, for its next request', async () => {
    const connection = await open(port);
    connection.socket.write(`${HEAD}{"items":[`);
    await sleep(300);
    connection.socket.write(' '.repeat(1000 - '{"items":['.length));
    await sleep(REQUEST_TIMEOUT_MS + 500);
    connection.socket.write('GET /api/health HTTP/1.1\r\nHost: shop.test\r\n\r\n');
    await sleep(500);
    expect(connection.seen.closedAfterMs).toBeUndefined();
    expect(connection.seen.received).toMatch(/^HTTP\/1\.1 401 [\s\S]*HTTP\/1\.1 200 /);
    connection.socket.destroy();
  }, 20_000);
});
