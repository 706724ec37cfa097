import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, call, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';

describe(`saved parts lists (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let pads: string;
  let discs: string;
  let archived: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    pads = await createProduct(server.app, admin, { name: 'Brake Pad Set', sku: 'BP-100', stock: 100, min: 2, price: 20 });
    discs = await createProduct(server.app, admin, { name: 'Brake Disc', sku: 'BD-200', stock: 100, min: 1, price: 55 });
    archived = await createProduct(server.app, admin, { name: 'Old Drum', sku: 'OD-300', stock: 10, min: 1 });
  });
  afterAll(() => server.close());

  const importCsv = (buyer: Account, id: string, csv: string) =>
    server.app.inject({ method: 'POST', url: `/api/lists/${id}/import`, headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'text/csv' }, payload: csv });

  it('keeps a list private to its owner: others, admins too, get 404', async () => {
    const owner = await registerCustomer(server.app);
    const other = await registerCustomer(server.app);
    const created = await call(server.app, 'POST', '/api/lists', { token: owner.token, body: { name: 'Monthly brake service', lines: [{ productId: pads, quantity: 4 }, { productId: discs, quantity: 2 }] } });
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json();
    expect(list).toMatchObject({ name: 'Monthly brake service', lineCount: 2 });
    expect(list.lines.map((l: { productId: string; quantity: number; product: { price: number } }) => [l.productId, l.quantity, l.product.price])).toEqual([[pads, 4, 20], [discs, 2, 55]]);

    for (const token of [other.token, admin.token]) {
      expect((await call(server.app, 'GET', `/api/lists/${list.id}`, { token })).statusCode).toBe(404);
      expect((await call(server.app, 'PUT', `/api/lists/${list.id}`, { token, body: { name: 'Mine now' } })).statusCode).toBe(404);
      expect((await call(server.app, 'DELETE', `/api/lists/${list.id}`, { token })).statusCode).toBe(404);
      expect((await call(server.app, 'GET', `/api/lists/${list.id}/export.csv`, { token })).statusCode).toBe(404);
    }
    expect((await call(server.app, 'GET', '/api/lists', { token: other.token })).json()).toEqual([]);
    expect((await call(server.app, 'GET', '/api/lists', { token: owner.token })).json()).toEqual([expect.objectContaining({ id: list.id, name: 'Monthly brake service', lineCount: 2 })]);

    const renamed = await call(server.app, 'PUT', `/api/lists/${list.id}`, { token: owner.token, body: { name: 'Brakes', lines: [{ productId: discs, quantity: 1 }] } });
    expect(renamed.json()).toMatchObject({ name: 'Brakes', lineCount: 1 });
    expect((await call(server.app, 'DELETE', `/api/lists/${list.id}`, { token: owner.token })).statusCode).toBe(204);
    expect((await call(server.app, 'GET', `/api/lists/${list.id}`, { token: owner.token })).statusCode).toBe(404);
  });

  it('shows a line whose part is no longer sold with no product, and refuses such parts in new lines', async () => {
    const owner = await registerCustomer(server.app);
    const list = (await call(server.app, 'POST', '/api/lists', { token: owner.token, body: { name: 'Drums', lines: [{ productId: archived, quantity: 1 }] } })).json();
    await call(server.app, 'PATCH', `/api/products/${archived}`, { token: admin.token, body: { active: false } });
    const now = (await call(server.app, 'GET', `/api/lists/${list.id}`, { token: owner.token })).json();
    expect(now.lines).toEqual([{ productId: archived, quantity: 1, product: null }]);
    const refused = await call(server.app, 'POST', '/api/lists', { token: owner.token, body: { name: 'Again', lines: [{ productId: archived, quantity: 1 }] } });
    expect(refused.statusCode).toBe(400);
    for (const body of [{ name: ' ' }, { name: 'x', lines: [{ productId: pads, quantity: 0 }] }, { name: 'x', lines: [{ productId: pads, quantity: 1 }, { productId: pads, quantity: 2 }] }]) {
      expect((await call(server.app, 'POST', '/api/lists', { token: owner.token, body })).statusCode).toBe(400);
    }
  });

  it('exports a list as CSV (sku,quantity, every cell quoted) and imports it back unchanged, with the catalog import report', async () => {
    const owner = await registerCustomer(server.app);
    const list = (await call(server.app, 'POST', '/api/lists', { token: owner.token, body: { name: 'Monthly', lines: [{ productId: pads, quantity: 4 }, { productId: discs, quantity: 2 }] } })).json();
    const exported = await call(server.app, 'GET', `/api/lists/${list.id}/export.csv`, { token: owner.token });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(exported.body).toBe('sku,quantity\r\n"BP-100","4"\r\n"BD-200","2"\r\n');

    const empty = (await call(server.app, 'POST', '/api/lists', { token: owner.token, body: { name: 'Copy' } })).json();
    const imported = await importCsv(owner, empty.id, exported.body);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ created: 2, updated: 0, unchanged: 0, errors: [] });
    const copy = (await call(server.app, 'GET', `/api/lists/${empty.id}`, { token: owner.token })).json();
    expect(copy.lines.map((l: { productId: string; quantity: number }) => [l.productId, l.quantity])).toEqual([[pads, 4], [discs, 2]]);

    const merged = await importCsv(owner, empty.id, 'sku,quantity\nbp 100,6\nbd200,2\n');
    expect(merged.json()).toEqual({ created: 0, updated: 1, unchanged: 1, errors: [] });

    const bad = await importCsv(owner, empty.id, 'sku,quantity\nNOPE-1,3\nBP-100,many\n');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([
      { row: 2, column: 'sku', message: 'No part for sale has the number NOPE-1' },
      { row: 3, column: 'quantity', message: expect.stringContaining('Quantity must be a whole number') },
    ]);
    const unchanged = (await call(server.app, 'GET', `/api/lists/${empty.id}`, { token: owner.token })).json();
    expect(unchanged.lines.map((l: { quantity: number }) => l.quantity)).toEqual([6, 2]);

    const other = await registerCustomer(server.app);
    expect((await importCsv(other, empty.id, exported.body)).statusCode).toBe(404);
  });
});
