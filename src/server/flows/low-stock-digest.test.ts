import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { renderMail } from '../mail/templates.js';
import { sendLowStockDigest } from './low-stock-digest.js';
import { type Account, call, createProduct, databaseKind, registerAdmin, startTestServer, type TestServer } from '../test/harness.js';

/** 08:30 in New York (13:30 UTC), 2031-05-06. */
const MORNING = Date.parse('2031-05-06T12:30:00Z');
const settings = { defaultThreshold: 10, timeZone: 'America/New_York', hour: 7 };

describe(`low-stock digest (${databaseKind})`, () => {
  let server: TestServer;
  let admins: Account[];

  beforeAll(async () => {
    server = await startTestServer();
    admins = [await registerAdmin(server), await registerAdmin(server)];
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.db.kysely.deleteFrom('outbox').execute();
    await server.db.kysely.deleteFrom('counters').execute();
    await server.db.kysely.updateTable('products').set({ stock: 1000 }).execute();
  });

  const digests = () => server.db.kysely.selectFrom('outbox').selectAll().where('kind', '=', 'low-stock-digest').execute();

  it('sends one digest per admin a day, however often it is checked, listing the low parts', async () => {
    await createProduct(server.app, admins[0]!, { name: 'Brake Drum', sku: 'BD-100', stock: 3, min: 1 });
    const counts = await Promise.all([sendLowStockDigest(server.db.kysely, settings, MORNING), sendLowStockDigest(server.db.kysely, settings, MORNING)]);
    expect(counts.sort()).toEqual([0, 2]);
    expect(await sendLowStockDigest(server.db.kysely, settings, MORNING + 3600_000)).toBe(0);

    const sent = await digests();
    expect(sent.map((row) => row.recipient).sort()).toEqual(admins.map((admin) => admin.email).sort());
    const mail = { kind: 'low-stock-digest' as const, to: sent[0]!.recipient, data: JSON.parse(sent[0]!.data) };
    const { text } = renderMail(mail, server.config.shop);
    expect(text).toContain('1 part is at or below the reorder threshold');
    expect(text).toContain('BD-100 Brake Drum: 3 in stock (reorder at 10)');
    expect(text).toContain('/dashboard/low-stock');

    // The next local day is a new one.
    expect(await sendLowStockDigest(server.db.kysely, settings, MORNING + 86_400_000)).toBe(2);
  });

  it('sends nothing before the hour in the shop time zone', async () => {
    await createProduct(server.app, admins[0]!, { name: 'Axle Pin', stock: 2, min: 1 });
    // 10:30 UTC is 06:30 in New York.
    expect(await sendLowStockDigest(server.db.kysely, settings, Date.parse('2031-05-06T10:30:00Z'))).toBe(0);
    expect(await digests()).toEqual([]);
  });

  it('sends nothing when no part is low, and still sends once one runs low that day', async () => {
    expect(await sendLowStockDigest(server.db.kysely, settings, MORNING)).toBe(0);
    expect(await digests()).toEqual([]);

    const id = await createProduct(server.app, admins[0]!, { name: 'Hub Cap', stock: 50, min: 1 });
    await call(server.app, 'PATCH', `/api/products/${id}`, { token: admins[0]!.token, body: { stock: 4 } });
    expect(await sendLowStockDigest(server.db.kysely, settings, MORNING + 3600_000)).toBe(2);
  });

  it('reads LOW_STOCK_DIGEST_HOUR: 7 unless set, an hour from 0 to 23', () => {
    expect(loadConfig({}).lowStockDigestHour).toBe(7);
    expect(loadConfig({ LOW_STOCK_DIGEST_HOUR: '0' }).lowStockDigestHour).toBe(0);
    for (const value of ['24', '-1', '7.5', 'seven']) {
      expect(() => loadConfig({ LOW_STOCK_DIGEST_HOUR: value }), value).toThrow(/LOW_STOCK_DIGEST_HOUR: must be an hour from 0 to 23/);
    }
  });
});
