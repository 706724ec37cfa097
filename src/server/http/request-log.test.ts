import { afterEach, describe, expect, it } from 'vitest';
import { databaseKind, startTestServer, type TestServer } from '../test/harness.js';
import { collectedLogLines } from '../test/log-lines.js';

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
});
