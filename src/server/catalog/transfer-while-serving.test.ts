/**
 * While a catalog file of 100,000 parts is imported, and the catalog then exported, the server goes on
 * answering other requests: reading, checking, writing and exporting a file yield to the event loop every
 * few hundred rows (ROWS_PER_YIELD, csv-sheet.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, databaseKind, registerAdmin, startTestServer, type TestServer, validProduct } from '../test/harness.js';

const PARTS = 100_000;
const PROBE_PAUSE_MS = 25;

/** A file of new parts, each different, kept short: the largest file an import takes is 20 MB. */
function catalogFile(count: number): string {
  const header = ['sku', 'name', 'description', 'price', 'stock', 'min', 'category', 'img', 'specs'];
  const rows = Array.from({ length: count }, (_, i) => [`LD-${i}`, `Load Part ${i}`, 'From a spreadsheet', '9.50', '40', '1', 'Brakes', '/images/products/tire.svg', `Size: ${i} mm`]);
  return stringify([header, ...rows]);
}

interface Probes {
  /** How long each probe took to be answered, from its request to the end of its answer. */
  latencies: number[];
  /** How many probes were answered before the work was done. */
  answeredMeanwhile: number;
  /** How long the work took. */
  workMs: number;
}

describe(`other requests are answered while ${PARTS.toLocaleString('en')} rows are imported and exported (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let address: string;
  let partPath: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const created = await fetch(`${address}/api/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ ...validProduct, sku: 'PROBE-1' }),
    });
    expect(created.status).toBe(201);
    partPath = `/api/products/${((await created.json()) as { _id: string })._id}`;
  });
  afterAll(() => server.close());

  /** Asks for the health check and a part page, one request after another, until `work` is done. */
  async function probeWhile(work: () => Promise<void>): Promise<Probes> {
    const began = performance.now();
    let doneAt: number | undefined;
    const working = work().finally(() => (doneAt = performance.now()));
    const latencies: number[] = [];
    let answeredMeanwhile = 0;
    while (doneAt === undefined) {
      for (const path of ['/api/health', partPath]) {
        const sent = performance.now();
        const response = await fetch(`${address}${path}`);
        expect(response.status).toBe(200);
        await response.arrayBuffer();
        latencies.push(performance.now() - sent);
        if (doneAt === undefined) answeredMeanwhile += 1;
        // A pause between probes, so that they take little of the machine from the work they wait beside.
        await sleep(PROBE_PAUSE_MS);
      }
    }
    await working;
    return { latencies, answeredMeanwhile, workMs: doneAt - began };
  }

  /**
   * Many answers came while the work ran, and none waited longer than a small part of it (a fifth: the
   * machine running the tests may be busy with others; work that never yields makes a request wait for
   * nearly all of it).
   */
  function expectAnsweredThroughout({ latencies, answeredMeanwhile, workMs }: Probes, what: string): void {
    const slowest = Math.max(...latencies);
    console.info(`${what} on ${databaseKind}: ${(workMs / 1000).toFixed(1)} s, ${answeredMeanwhile} other answers meanwhile, the slowest in ${slowest.toFixed(0)} ms`);
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(20);
    expect(slowest).toBeLessThan(workMs / 5);
  }

  it('answers while a file is imported, then while the catalog is exported', async () => {
    const file = catalogFile(PARTS);
    const imported = await probeWhile(async () => {
      const response = await fetch(`${address}/api/products/import`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv', authorization: `Bearer ${admin.token}` },
        body: file,
      });
      const report = await response.json();
      expect(report).toMatchObject({ created: PARTS, updated: 0, unchanged: 0, errors: [], errorCount: 0 });
      // The answer stays bounded: only the first 1,000 of the rows it creates are listed.
      expect(report.changes).toHaveLength(1000);
    });
    expectAnsweredThroughout(imported, `import of ${PARTS} new parts`);

    let exportedLines = 0;
    const exported = await probeWhile(async () => {
      const response = await fetch(`${address}/api/products/export.csv`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(response.status).toBe(200);
      // Counted as the answer streams in: the test's own work on a whole 10 MB text would hold the loop too.
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) exportedLines += chunk.reduce((lines, byte) => lines + (byte === 0x0a ? 1 : 0), 0);
    });
    // The header and every part, the probe among them.
    expect(exportedLines).toBe(PARTS + 2);
    expectAnsweredThroughout(exported, `export of ${PARTS + 1} parts`);
  }, 120_000);
});
