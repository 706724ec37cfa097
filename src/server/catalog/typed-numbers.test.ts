import { stringify } from 'csv-stringify/sync';
import { type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NumberSuggestion, PartsResolved, Product } from '../../shared/api.js';
import { messages } from '../../shared/messages.js';
import { pricingOf } from '../../shared/pricing.js';
import { quantityError } from '../../shared/quantity.js';
import { isQuickOrderProblem, parseQuickOrder } from '../../shared/quick-order.js';
import { migrateToLatest, migrateUpTo } from '../db/migrate.js';
import { seedDemoCatalog } from '../seed/seed.js';
import { createVehicles } from '../fitment/service.js';
import { databaseKind, freshDatabase, type TestDatabase } from '../test/databases.js';
import { type Account, call, registerAdmin, startTestServer, type TestServer, validProduct } from '../test/harness.js';

describe(`part numbers as people type them (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    await create({ sku: 'FL-2201', name: 'Air Filter', numbers: [{ type: 'oe', brand: 'Toyota', number: '17801-0T020' }, { type: 'superseded', brand: '', number: 'FL-2200' }] });
    await create({ sku: 'BR-1507', name: 'Brake Pad Set', numbers: [{ type: 'oe', brand: 'Toyota', number: '04465-02220' }] });
    await create({ sku: 'BR-1508', name: 'Rear Brake Pad Set' });
    await create({ sku: 'EN-0412-IR', name: 'Spark Plug' });
  });
  afterAll(() => server.close());

  async function create(body: Record<string, unknown>): Promise<Product> {
    const response = await call(server.app, 'POST', '/api/products', { token: admin.token, body: { ...validProduct, ...body } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const get = async (url: string) => call(server.app, 'GET', url);
  const resolve = async (numbers: string[]) => (await call(server.app, 'POST', '/api/parts/resolve', { body: { numbers } })).json() as PartsResolved;
  const suggestions = async (number: string) => (await get(`/api/parts/suggestions?number=${encodeURIComponent(number)}`)).json() as NumberSuggestion[];

  it('finds a number typed with the letter O for zero or I for one, and shows it as the part lists it', async () => {
    const lookup = await get('/api/parts/lookup?number=17801-OT020');
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toMatchObject({ matchedAs: 'oe', number: '17801-0T020', product: { sku: 'FL-2201' } });
    expect((await get('/api/parts/lookup?number=BR-15O7')).json()).toMatchObject({ matchedAs: 'sku', number: 'BR-1507' });
    expect((await get('/api/parts/lookup?number=EN-O4I2-1R')).json()).toMatchObject({ product: { sku: 'EN-0412-IR' } });
    expect((await get('/api/products/sku/fl-22o1')).json()).toMatchObject({ sku: 'FL-2201', numbers: [{ number: '17801-0T020' }, { number: 'FL-2200' }] });
    const [air, pads] = await resolve(['17801-OT020', 'O4465-O222O']);
    expect([air!.product?.sku, air!.matchedAs, pads!.product?.sku]).toEqual(['FL-2201', 'oe', 'BR-1507']);
    expect(air!.suggestions).toEqual([]);
    const searched = (await get('/api/products?limit=10&q=17801-OT020')).json().items as Product[];
    expect(searched.map((p) => p.sku)).toEqual(['FL-2201']);
  });

  it('refuses a new part number that reads as one a part has (O for 0), naming that part', async () => {
    const response = await call(server.app, 'POST', '/api/products', { token: admin.token, body: { ...validProduct, sku: 'BR-15O8' } });
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('BR-1508');
  });

  it('suggests the closest numbers when nothing matches, in the lookup and in a quick order', async () => {
    expect(await suggestions('BR-1570')).toEqual([{ number: 'BR-1507', matchedAs: 'sku', sku: 'BR-1507', name: 'Brake Pad Set' }]);
    expect(await suggestions('BR-150')).toEqual([
      { number: 'BR-1507', matchedAs: 'sku', sku: 'BR-1507', name: 'Brake Pad Set' },
      { number: 'BR-1508', matchedAs: 'sku', sku: 'BR-1508', name: 'Rear Brake Pad Set' },
    ]);
    expect((await suggestions('BP-1507'))[0]).toEqual({ number: 'BR-1507', matchedAs: 'sku', sku: 'BR-1507', name: 'Brake Pad Set' });
    expect((await suggestions('17801-0T02'))[0]).toEqual({ number: '17801-0T020', matchedAs: 'oe', sku: 'FL-2201', name: 'Air Filter' });
    expect(await suggestions('ZZ-9999')).toEqual([]);
    const [unknown, known] = await resolve(['04465-0222', 'BR-1507']);
    expect(unknown).toMatchObject({ product: null, matchedAs: null });
    expect(unknown!.suggestions[0]).toEqual({ number: '04465-02220', matchedAs: 'oe', sku: 'BR-1507', name: 'Brake Pad Set' });
    expect(known!.suggestions).toEqual([]);
  });
});

describe(`category counts within the list's filters (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let vehicleId: number;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    const [corolla] = await createVehicles(server.db.kysely, [{ year: 2018, make: 'Toyota', model: 'Corolla', submodel: 'LE', engine: '1.8L I4' }]);
    vehicleId = corolla!.id;
    const parts: [string, string, string][] = [
      ['BR-1', 'Brake Pad Set', 'brakes'],
      ['BR-2', 'Brake Disc', 'brakes'],
      ['BR-3', 'Brake Hose', 'brakes'],
      ['WT-1', 'Tire', 'wheels-tires'],
      ['WT-2', 'Winter Tire', 'wheels-tires'],
    ];
    for (const [sku, name, category] of parts) {
      const response = await call(server.app, 'POST', '/api/products', { token: admin.token, body: { ...validProduct, sku, name, category } });
      expect(response.statusCode, response.body).toBe(201);
    }
    // Sold out (below its minimum): out of the in-stock list.
    await server.db.kysely.updateTable('products').set({ stock: 0 }).where('sku', '=', 'BR-3').execute();
    const file = stringify([
      ['sku', 'year_from', 'year_to', 'make', 'model', 'submodel', 'engine', 'qualifier', 'position'],
      ['BR-1', '2017', '2019', 'Toyota', 'Corolla', '', '', '', ''],
      ['BR-3', '2017', '2019', 'Toyota', 'Corolla', '', '', '', ''],
    ]);
    const imported = await server.app.inject({ method: 'POST', url: '/api/fitment/import', headers: { 'content-type': 'text/csv', authorization: `Bearer ${admin.token}` }, payload: file });
    expect(imported.json().errors, imported.body).toEqual([]);
  });
  afterAll(() => server.close());

  const counts = async (query: string) => {
    const response = await call(server.app, 'GET', `/api/categories?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return Object.fromEntries((response.json() as { slug: string; count: number }[]).filter((c) => c.count > 0).map((c) => [c.slug, c.count]));
  };
  const shown = async (query: string) => ((await call(server.app, 'GET', `/api/products?limit=100&${query}`)).json().items as Product[]).length;

  it('counts every part for sale without filters, and within a search, in stock and a vehicle fit as the list shows them', async () => {
    expect(await counts('')).toEqual({ brakes: 3, 'wheels-tires': 2 });
    expect(await counts('q=brake')).toEqual({ brakes: 3 });
    expect(await counts('inStock=true')).toEqual({ brakes: 2, 'wheels-tires': 2 });
    expect(await counts(`vehicle=${vehicleId}`)).toEqual({ brakes: 2 });
    expect(await counts(`vehicle=${vehicleId}&inStock=true`)).toEqual({ brakes: 1 });
    expect(await counts(`vehicle=${vehicleId}&fitsOnly=false`)).toEqual({ brakes: 3, 'wheels-tires': 2 });
    for (const query of [`vehicle=${vehicleId}`, `vehicle=${vehicleId}&q=brake`, 'q=tire', `vehicle=${vehicleId}&inStock=true`]) {
      const total = Object.values(await counts(query)).reduce((sum, n) => sum + n, 0);
      expect(total, query).toBe(await shown(query));
    }
  });

  it('tells a search that finds parts which do not fit the vehicle from one that finds nothing', async () => {
    expect(await counts(`vehicle=${vehicleId}&q=tire`)).toEqual({});
    expect(await counts(`vehicle=${vehicleId}&q=tire&fitsOnly=false`)).toEqual({ 'wheels-tires': 2 });
    expect(await counts(`vehicle=${vehicleId}&q=wiper&fitsOnly=false`)).toEqual({});
  });

  it('refuses an unknown vehicle (404) and a bad flag (400)', async () => {
    expect((await call(server.app, 'GET', '/api/categories?vehicle=999999')).statusCode).toBe(404);
    expect((await call(server.app, 'GET', '/api/categories?inStock=maybe')).statusCode).toBe(400);
  });
});

describe(`part numbers stored before O and I were read as 0 and 1 (${databaseKind})`, () => {
  let database: TestDatabase;
  let k: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the tables as they were before 037
  const stamps = { created_at: '2026-01-01T10:00:00.000Z', updated_at: '2026-01-01T10:00:00.000Z' };
  const part = (sku: string, sku_key: string) => ({ name: sku, description: 'd', img: '/images/products/tire.svg', price_cents: 100, stock: 9, min_quantity: 1, sku, sku_key, ...stamps });

  beforeAll(async () => {
    database = await freshDatabase({ migrate: false });
    await migrateUpTo(database.db, '033-reviews-by-author');
    k = database.db.kysely as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    await k.insertInto('products').values([part('EN-0412-IR', 'EN0412IR'), part('OB-1', 'OB1')]).execute();
    await k.insertInto('product_numbers').values({ product_id: 1, type: 'oe', brand: 'Toyota', number: '90919-O1253', number_key: '90919O1253' }).execute();
    await k.updateTable('products').set({ cross_numbers: '90919-O1253 90919O1253' }).where('id', '=', 1).execute();
    await migrateToLatest(database.db);
  });
  afterAll(() => database.drop());

  it('folds the stored keys, keeps the numbers as written, and finds them however typed', async () => {
    expect(await k.selectFrom('products').select(['sku', 'sku_key']).orderBy('id').execute()).toEqual([
      { sku: 'EN-0412-IR', sku_key: 'EN04121R' },
      { sku: 'OB-1', sku_key: '0B1' },
    ]);
    expect(await k.selectFrom('product_numbers').select(['number', 'number_key']).execute()).toEqual([{ number: '90919-O1253', number_key: '9091901253' }]);
    expect(await k.selectFrom('products').select('cross_numbers').where('id', '=', 1).executeTakeFirst()).toEqual({ cross_numbers: '90919-O1253 9091901253' });
  });

  it('stops, naming both parts, when two part numbers differ only by O for 0', async () => {
    const other = await freshDatabase({ migrate: false });
    try {
      await migrateUpTo(other.db, '033-reviews-by-author');
      await (other.db.kysely as Kysely<any>).insertInto('products').values([part('AB-O1', 'ABO1'), part('AB-01', 'AB01')]).execute(); // eslint-disable-line @typescript-eslint/no-explicit-any
      await expect(migrateToLatest(other.db)).rejects.toThrow(/AB-01 and AB-O1/);
    } finally {
      await other.drop();
    }
  });
});

describe(`the quick order's hint on the demo catalog (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await seedDemoCatalog(server.db.kysely, { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger);
  });
  afterAll(() => server.close());
  const resolve = async (numbers: string[]) => (await call(server.app, 'POST', '/api/parts/resolve', { body: { numbers } })).json() as PartsResolved;

  it('gives examples that each order a demo part as typed', async () => {
    const hint = messages.ui.quickOrder.linesHint;
    const examples = /e\.g\. (.+) \(/.exec(hint)![1]!.split(' or ');
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const example of examples) {
      const [entry] = parseQuickOrder(example);
      if (!entry || isQuickOrderProblem(entry)) throw new Error(`the example ${example} cannot be read`);
      const [found] = await resolve([entry.number]);
      expect(found!.product, example).not.toBeNull();
      const { min, stock, packSize } = found!.product!;
      expect(quantityError(entry.quantity, { min, stock, packSize, pricing: pricingOf(found!.product!) }), example).toBeNull();
    }
  });

  it('matches a Toyota number typed with the letter O, and offers the pads for a slip in their number', async () => {
    const [filter, slip] = await resolve(['17801-OT020', 'BP-1507']);
    expect(filter).toMatchObject({ matchedAs: 'oe', product: { sku: 'FL-2201' } });
    expect(slip!.product).toBeNull();
    expect(slip!.suggestions[0]).toMatchObject({ sku: 'BR-1507' });
  });
});
