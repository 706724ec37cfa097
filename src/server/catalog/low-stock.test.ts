import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LowStockItem, Product } from '../../shared/api.js';
import { fieldMessages } from '../../shared/schemas.js';
import { ConfigError, loadConfig } from '../config.js';
import { type Account, call, databaseKind, registerAdmin, startTestServer, type TestServer, validProduct } from '../test/harness.js';
import { createProducts, hideProduct } from './service.js';

/** What to reorder: parts for sale at or below their own threshold, else the shop's default (LOW_STOCK_THRESHOLD). */
describe(`low stock (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
  });
  afterAll(() => server.close());

  const post = (body: object) => call(server.app, 'POST', '/api/products', { token: admin.token, body: { ...validProduct, min: 1, ...body } });
  const patch = (id: string, body: object) => call(server.app, 'PATCH', `/api/products/${id}`, { token: admin.token, body });
  const part = async (body: object) => (await post(body)).json() as Product;
  /** The low-stock list, narrowed to these parts (the list's own order kept). */
  const lowAmong = async (...parts: Product[]) => {
    const response = await call(server.app, 'GET', '/api/admin/low-stock', { token: admin.token });
    expect(response.statusCode).toBe(200);
    const ids = new Set(parts.map((p) => p._id));
    return (response.json() as LowStockItem[]).filter((item) => ids.has(item.productId));
  };
  const lowNames = async (...parts: Product[]) => (await lowAmong(...parts)).map((item) => item.name);

  it('lists the parts at or below the default of 10 units, lowest stock first, then by name', async () => {
    const atDefault = await part({ name: 'Default Ten', stock: 10, min: 2, sku: 'LS-10' });
    const above = await part({ name: 'Default Eleven', stock: 11 });
    const zeta = await part({ name: 'Zeta Three', stock: 3 });
    const alpha = await part({ name: 'Alpha Three', stock: 3 });
    const empty = await part({ name: 'Sold Out', stock: 1 });
    await patch(empty._id, { stock: 0 });

    const low = await lowAmong(atDefault, above, zeta, alpha, empty);
    expect(low.map((item) => item.name)).toEqual(['Sold Out', 'Alpha Three', 'Zeta Three', 'Default Ten']);
    expect(low.at(-1)).toEqual({ productId: atDefault._id, sku: 'LS-10', name: 'Default Ten', stock: 10, threshold: 10, min: 2 });
  });

  it("takes a part's own threshold over the default, higher or lower; 0 lists it only when none is left", async () => {
    const higher = await part({ name: 'Own Higher', stock: 20, reorderThreshold: 25 });
    const lowerAbove = await part({ name: 'Own Lower Above', stock: 5, reorderThreshold: 3 });
    const lowerAt = await part({ name: 'Own Lower At', stock: 3, reorderThreshold: 3 });
    const zero = await part({ name: 'Own Zero', stock: 1, reorderThreshold: 0 });

    const low = await lowAmong(higher, lowerAbove, lowerAt, zero);
    expect(low.map(({ name, threshold }) => ({ name, threshold }))).toEqual([
      { name: 'Own Lower At', threshold: 3 },
      { name: 'Own Higher', threshold: 25 },
    ]);
    await patch(zero._id, { stock: 0 });
    expect(await lowAmong(zero)).toMatchObject([{ name: 'Own Zero', stock: 0, threshold: 0 }]);
  });

  it('leaves out archived and removed parts, and lists a restored one again', async () => {
    const archived = await part({ name: 'Archived Low', stock: 2 });
    const removed = await part({ name: 'Removed Low', stock: 2 });
    expect(await lowNames(archived, removed)).toEqual(['Archived Low', 'Removed Low']);

    await patch(archived._id, { active: false });
    await hideProduct(server.db.kysely, Number(removed._id));
    expect(await lowNames(archived, removed)).toEqual([]);
    await patch(archived._id, { active: true });
    expect(await lowNames(archived, removed)).toEqual(['Archived Low']);
  });

  it('sets the threshold when adding and editing, keeps it when an edit leaves it out, and clears it with null or an empty field', async () => {
    expect((await part({ name: 'No Threshold' })).reorderThreshold).toBeNull();
    const product = await part({ name: 'Threshold Part', stock: 40, reorderThreshold: '5' });
    expect(product.reorderThreshold).toBe(5);
    const read = async () => (await call(server.app, 'GET', `/api/admin/products/${product._id}`, { token: admin.token })).json() as Product;

    expect((await patch(product._id, { reorderThreshold: 50 })).json().reorderThreshold).toBe(50);
    expect(await lowAmong(product)).toMatchObject([{ stock: 40, threshold: 50 }]);
    await patch(product._id, { name: 'Threshold Part Renamed' });
    expect((await read()).reorderThreshold).toBe(50);

    expect((await patch(product._id, { reorderThreshold: null })).json().reorderThreshold).toBeNull();
    expect(await lowAmong(product)).toEqual([]);
    await patch(product._id, { reorderThreshold: 0 });
    expect((await read()).reorderThreshold).toBe(0);
    expect((await patch(product._id, { reorderThreshold: ' ' })).json().reorderThreshold).toBeNull();
  });

  it('refuses a threshold that is not a whole number of 0 or more, with the form message', async () => {
    const product = await part({ name: 'Valid Threshold' });
    for (const reorderThreshold of [-1, 2.5, '7 units', true, 1_000_000_001]) {
      const label = JSON.stringify(reorderThreshold);
      for (const response of [await post({ name: 'Bad Threshold', reorderThreshold }), await patch(product._id, { reorderThreshold })]) {
        expect(response.statusCode, label).toBe(400);
        expect(response.json().error.fields, label).toEqual({ reorderThreshold: fieldMessages.reorderThresholdInvalid });
      }
    }
  });

  it('says how many it lists at most', async () => {
    const response = await call(server.app, 'GET', '/api/admin/low-stock', { token: admin.token });
    expect(response.headers['x-result-limit']).toBe('500');
    expect(response.headers['x-more-results']).toBeUndefined();
  });
});

describe(`low stock with LOW_STOCK_THRESHOLD=25 (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    server = await startTestServer({ LOW_STOCK_THRESHOLD: '25' });
    admin = await registerAdmin(server);
  });
  afterAll(() => server.close());

  const lowStock = () => call(server.app, 'GET', '/api/admin/low-stock', { token: admin.token });

  it("measures the parts without a threshold of their own by the setting", async () => {
    const parts = await createProducts(server.db.kysely, [
      { ...validProduct, name: 'At Setting', stock: 25, min: 1 },
      { ...validProduct, name: 'Above Setting', stock: 26, min: 1 },
      { ...validProduct, name: 'Own Below Setting', stock: 20, min: 1, reorderThreshold: 5 },
    ], { reason: 'edit', by: null });
    const response = await lowStock();
    expect(response.json()).toEqual([{ productId: String(parts[0]!.id), sku: parts[0]!.sku, name: 'At Setting', stock: 25, threshold: 25, min: 1 }]);
  });

  it('lists the 500 lowest and says more are low', async () => {
    await createProducts(
      server.db.kysely,
      Array.from({ length: 500 }, (_, i) => ({ ...validProduct, name: `Bulk Low ${String(i).padStart(3, '0')}`, stock: 1 + (i % 20), min: 1 })),
      { reason: 'edit', by: null },
    );
    const response = await lowStock();
    const items = response.json() as LowStockItem[];
    expect(items).toHaveLength(500);
    expect(response.headers['x-more-results']).toBe('true');
    expect(items.map((item) => item.stock)).toEqual([...items.map((item) => item.stock)].sort((a, b) => a - b));
    expect(items.some((item) => item.name === 'At Setting')).toBe(false);
  });

  it('is refused when the setting is not a whole number of 0 or more, and 10 when unset', () => {
    for (const value of ['-1', '2.5', 'ten']) {
      expect(() => loadConfig({ LOW_STOCK_THRESHOLD: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ LOW_STOCK_THRESHOLD: value }), value).toThrow(/LOW_STOCK_THRESHOLD: must be a whole number of units, 0 or more/);
    }
    expect(loadConfig({}).lowStockThreshold).toBe(10);
    expect(loadConfig({ LOW_STOCK_THRESHOLD: '' }).lowStockThreshold).toBe(10);
    expect(loadConfig({ LOW_STOCK_THRESHOLD: '0' }).lowStockThreshold).toBe(0);
  });
});
