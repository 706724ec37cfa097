/**
 * The reservation's own condition (`stock >= quantity`), proven without any earlier read to refuse first:
 * the caller's view of the stock is stale on purpose, on SQLite as on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, currentStock, getVisibleProduct, hideProduct, releaseStock, reserveStock } from './service.js';
import { databaseKind, startTestServer, type TestServer } from '../test/harness.js';

const part = { name: 'Stock Part', description: 'd', price: 10, stock: 10, min: 1, img: '/images/products/tire.svg' };

describe(`reserving stock (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('never takes more than there is, whatever the caller read before', async () => {
    const db = server.db.kysely;
    const product = await createProduct(db, part);
    const staleRead = await getVisibleProduct(db, product.id);
    expect(await reserveStock(db, product.id, 6)).toBe(true);
    // The caller still believes there are 10.
    expect(staleRead.stock).toBe(10);
    expect(await reserveStock(db, product.id, staleRead.stock - 4)).toBe(false);
    expect(await currentStock(db, product.id)).toBe(4);
    expect(await reserveStock(db, product.id, 4)).toBe(true);
    expect(await reserveStock(db, product.id, 1)).toBe(false);
    expect(await currentStock(db, product.id)).toBe(0);
  });

  it('sells nothing of a hidden product, and gives units back to it', async () => {
    const db = server.db.kysely;
    const product = await createProduct(db, part);
    await hideProduct(db, product.id);
    expect(await reserveStock(db, product.id, 1)).toBe(false);
    await releaseStock(db, product.id, 5);
    expect(await currentStock(db, product.id)).toBe(15);
  });

  it('reserves inside a caller\'s transaction and rolls back with it', async () => {
    const db = server.db.kysely;
    const product = await createProduct(db, part);
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await reserveStock(trx, product.id, 7)).toBe(true);
        throw new Error('the order could not be written');
      }),
    ).rejects.toThrow('the order could not be written');
    expect(await currentStock(db, product.id)).toBe(10);
  });
});
