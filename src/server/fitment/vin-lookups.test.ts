/** Anonymous VIN lookups cannot be turned against the online decoder: limited per IP, a few calls at once, each VIN asked once. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../shared/messages.js';
import { vinCheckDigit } from '../../shared/vin.js';
import { type FakeVpic, startFakeVpic } from '../test/fake-vpic.js';
import { databaseKind, startTestServer, type TestServer } from '../test/harness.js';

/** A valid 2015 Toyota VIN with serial number `serial`. */
function toyota2015(serial: number): string {
  const draft = `2T1BURHE0FC${String(serial).padStart(6, '0')}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

/** vPIC behind a slow link: each answer takes `delayMs`; counts the calls and the most in flight at once. */
async function slowVpic(vpic: FakeVpic, delayMs: number) {
  const seen = { calls: 0, inFlight: 0, mostAtOnce: 0 };
  const server: Server = createServer(async (request, response) => {
    seen.calls++;
    seen.mostAtOnce = Math.max(seen.mostAtOnce, ++seen.inFlight);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const answer = await fetch(`${vpic.url}${(request.url ?? '/').replace(/^\/api/, '')}`);
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(await answer.text());
    seen.inFlight--;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const lookUp = (server: TestServer, vin: string, ip = '127.0.0.1') => server.app.inject({ method: 'GET', url: `/api/vehicles/vin/${vin}`, remoteAddress: ip });

describe(`VIN lookups per client IP (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ VIN_RATE_LIMIT: '3' });
  });
  afterAll(() => server.close());

  it('answers VIN_RATE_LIMIT lookups a minute from one IP, then 429 with the message; another IP still gets answers', async () => {
    const answers = [];
    for (let i = 1; i <= 5; i++) answers.push((await lookUp(server, toyota2015(i), '198.51.100.7')).statusCode);
    expect(answers).toEqual([200, 200, 200, 429, 429]);
    const refused = await lookUp(server, toyota2015(9), '198.51.100.7');
    expect(refused.json().error).toEqual({ code: 'rate_limited', message: errorMessages.tooManyAttempts });
    expect((await lookUp(server, toyota2015(9), '198.51.100.8')).statusCode).toBe(200);
  });
});

describe(`VIN lookups through the online decoder (${databaseKind})`, () => {
  let server: TestServer;
  let vpic: FakeVpic;
  let slow: Awaited<ReturnType<typeof slowVpic>>;
  beforeAll(async () => {
    vpic = await startFakeVpic();
    for (let i = 1; i <= 100; i++) vpic.vehicles.set(toyota2015(i), { Make: 'TOYOTA', Model: 'Corolla', ModelYear: '2015', DisplacementL: '1.8' });
    slow = await slowVpic(vpic, 150);
    server = await startTestServer({ VIN_DECODER: 'nhtsa', VIN_DECODER_URL: slow.url });
  });
  afterAll(async () => {
    await server.close();
    await slow.close();
    await vpic.close();
  });

  it('asks the decoder a few VINs at a time however many are looked up at once, and answers every lookup', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => lookUp(server, toyota2015(i + 1), `203.0.113.${i + 1}`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(answers.every((answer) => answer.json().make.toLowerCase() === 'toyota')).toBe(true);
    expect(slow.seen.mostAtOnce).toBeGreaterThan(0);
    expect(slow.seen.mostAtOnce).toBeLessThanOrEqual(4);
  });

  it('asks the decoder about a VIN once, however often and however many at once look it up', async () => {
    const vin = toyota2015(99);
    const before = slow.seen.calls;
    const together = await Promise.all(Array.from({ length: 10 }, (_, i) => lookUp(server, vin, `192.0.2.${i + 1}`)));
    const later = [await lookUp(server, vin, '192.0.2.50'), await lookUp(server, vin, '192.0.2.51')];
    const bodies = [...together, ...later].map((answer) => answer.json());
    expect(bodies.every((body) => JSON.stringify(body) === JSON.stringify(bodies[0]))).toBe(true);
    // The base has no Toyotas, so the make is answered as vPIC spells it.
    expect(bodies[0]).toMatchObject({ vin, year: 2015, make: 'TOYOTA' });
    expect(slow.seen.calls - before).toBe(1);
  });
});
