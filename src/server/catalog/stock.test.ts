/**
 * The reservation's own condition (`stock >= quantity`), proven without any earlier read to refuse first:
 * the caller's view of the stock is stale on purpose, on SQLite as on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, currentStock, getVisibleProduct, hideProduct, releaseStock, reserveStock } from './service.js';
import type { Executor } from '../db/schema.js';
import { databaseKind, startTestServer, type TestServer } from '../test/harness.js';

const part = { name: 'Stock Part', description: 'd', price: 10, stock: 10, min: 1, img: '/images/products/tire.svg' };
const staff = { id: 1, name: 'Stock Clerk', email: 'clerk@partsmith.example' };
/** The order a reservation is for: only its ledger rows name it here. */
const anOrder = { orderId: 1, by: null };

describe(`reserving stock (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const take = (db: Executor, productId: number, quantity: number) => reserveStock(db, [{ productId, quantity }], anOrder);

  it('never takes more than there is, whatever the caller read before', async () => {
    const db = server.db.kysely;
    const product = await createProduct(db, staff, part);
    const staleRead = await getVisibleProduct(db, product.id);
    expect(await take(db, product.id, 6)).toBeUndefined();
    // The caller still believes there are 10.
    expect(staleRead.stock).toBe(10);
    expect(await take(db, product.id, staleRead.stock - 4)).toBe(product.id);
    expect(await currentStock(db, product.id)).toBe(4);
    expect(await take(db, product.id, 4)).toBeUndefined();
    expect(await take(db, product.id, 1)).toBe(product.id);
    expect(await currentStock(db, product.id)).toBe(0);
  });

  it('sells nothing of a hidden product, and gives units back to it', async () => {
    const db = server.db.kysely;
    const product = await createProduct(db, staff, part);
    await hideProduct(db, product.id);
    expect(await take(db, product.id, 1)).toBe(product.id);
    await releaseStock(db, [{ productId: product.id, quantity: 5 }], { reason: 'cancel', orderId: 1, by: null });
    expect(await currentStock(db, product.id)).toBe(15);
  });

  it('reserves inside a caller\'s transaction and rolls back with it', async () => {
    const db = server.db.kysely;
    const product = await createProduct(db, staff, part);
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await take(trx, product.id, 7)).toBeUndefined();
        throw new Error('the order could not be written');
      }),
    ).rejects.toThrow('the order could not be written');
    expect(await currentStock(db, product.id)).toBe(10);
  });

  it('takes every line of many, or names the first part, in part order, it cannot take from', async () => {
    const db = server.db.kysely;
    // One after another: on PostgreSQL's pool, inserts made at once can take their ids in any order.
    const [a, b, c, hidden] = [await createProduct(db, staff, part), await createProduct(db, staff, part), await createProduct(db, staff, part), await createProduct(db, staff, part)];
    await hideProduct(db, hidden!.id);
    const stocks = () => Promise.all([a!, b!, c!].map((product) => currentStock(db, product.id)));
    const attempt = (lines: { productId: number; quantity: number }[]) =>
      db.transaction().execute(async (trx) => {
        const short = await reserveStock(trx, lines, anOrder);
        if (short !== undefined) throw new Error(`short of ${short}`);
      });
    await expect(attempt([{ productId: c!.id, quantity: 5 }, { productId: b!.id, quantity: 12 }, { productId: a!.id, quantity: 11 }])).rejects.toThrow(`short of ${a!.id}`);
    await expect(attempt([{ productId: c!.id, quantity: 5 }, { productId: hidden!.id, quantity: 1 }])).rejects.toThrow(`short of ${hidden!.id}`);
    expect(await stocks()).toEqual([10, 10, 10]);
    await attempt([{ productId: c!.id, quantity: 3 }, { productId: a!.id, quantity: 4 }, { productId: b!.id, quantity: 10 }]);
    expect(await stocks()).toEqual([6, 0, 7]);
  });

  it('sells the last units once when many orders of them run at once, alone or with other parts', async () => {
    const db = server.db.kysely;
    const [scarce, plenty] = [await createProduct(db, staff, part), await createProduct(db, staff, { ...part, stock: 1000 })];
    const order = (lines: { productId: number; quantity: number }[]) =>
      db.transaction().execute(async (trx) => {
        const short = await reserveStock(trx, lines, anOrder);
        if (short !== undefined) throw new Error(`short of ${short}`);
      });
    const attempts = Array.from({ length: 30 }, (_, index) => {
      const lines = [{ productId: scarce!.id, quantity: 1 }, { productId: plenty!.id, quantity: 1 }];
      return order(index % 3 === 0 ? [lines[0]!] : index % 3 === 1 ? lines : [...lines].reverse());
    });
    const settled = await Promise.allSettled(attempts);
    const sold = settled.filter((result) => result.status === 'fulfilled').length;
    expect(sold).toBe(10);
    expect(settled.filter((result) => result.status === 'rejected').map((result) => (result as PromiseRejectedResult).reason.message)).toEqual(Array(20).fill(`short of ${scarce!.id}`));
    expect(await currentStock(db, scarce!.id)).toBe(0);
    const soldWithPlenty = settled.filter((result, index) => result.status === 'fulfilled' && index % 3 !== 0).length;
    expect(await currentStock(db, plenty!.id)).toBe(1000 - soldWithPlenty);
  });

  it('lets orders of the same parts, named in any order, wait for each other instead of deadlocking', async () => {
    const db = server.db.kysely;
    const products = await Promise.all([1, 2, 3, 4, 5].map(() => createProduct(db, staff, { ...part, stock: 1000 })));
    const lines = products.map((product) => ({ productId: product.id, quantity: 1 }));
    const order = (named: typeof lines) => db.transaction().execute((trx) => reserveStock(trx, named, anOrder));
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => order(index % 2 ? [...lines].reverse() : lines)));
    expect(results).toEqual(Array(20).fill(undefined));
    expect(await Promise.all(products.map((product) => currentStock(db, product.id)))).toEqual(Array(5).fill(980));
  });
});
