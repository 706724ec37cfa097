import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACED_STATUS } from '../../shared/order-status.js';
import type { OrdersTable } from '../db/schema.js';
import { createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';
import { findOrderByIdempotencyKey } from './service.js';

/** What the database itself refuses of orders, whatever code writes them: a retry's key twice, an invoice number twice. */
describe(`orders the database refuses (${databaseKind})`, () => {
  let server: TestServer;
  let order: (changes: Partial<Insertable<OrdersTable>>) => Insertable<OrdersTable>;
  let users: [number, number];

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await registerAdmin(server);
    users = [Number((await registerCustomer(server.app, 'Amy First')).id), Number((await registerCustomer(server.app, 'Bob Stone')).id)];
    const part = Number(await createProduct(server.app, admin, { name: 'Brake Pads', sku: 'BL-1507' }));
    const at = new Date().toISOString();
    order = (changes) => ({
      user_id: users[0], customer_name: 'Amy First', email: 'amy@example.com', phone: '+1 555 0100', address: '1 Main St', po_number: '',
      idempotency_key: null, status: PLACED_STATUS, transaction_id: null, invoice_number: null, invoiced_at: null, created_at: at, updated_at: at,
      product_id: part, product_name: 'Brake Pads', product_sku: 'BL-1507', unit_price_cents: 1000, quantity: 1, total_cents: 1000, line_count: 1,
      ...changes,
    });
  });
  afterAll(() => server.close());

  const insert = (changes: Partial<Insertable<OrdersTable>>) => server.db.kysely.insertInto('orders').values(order(changes)).returning('id').executeTakeFirstOrThrow();

  it("keeps one order per account and idempotency key: orders without a key, and another account's same key, are other orders", async () => {
    const first = await insert({ idempotency_key: 'attempt-1' });
    await expect(insert({ idempotency_key: 'attempt-1' })).rejects.toThrow(/unique/i);
    await insert({ idempotency_key: null });
    await insert({ idempotency_key: null });
    const others = await insert({ idempotency_key: 'attempt-1', user_id: users[1] });
    expect(others.id).not.toBe(first.id);
    expect((await findOrderByIdempotencyKey(server.db.kysely, users[0], 'attempt-1'))?.id).toBe(first.id);
    expect((await findOrderByIdempotencyKey(server.db.kysely, users[1], 'attempt-1'))?.id).toBe(others.id);
  });

  it('gives an invoice number to one order only; orders not invoiced have none', async () => {
    await insert({ invoice_number: 41 });
    await expect(insert({ invoice_number: 41 })).rejects.toThrow(/unique/i);
    await insert({ invoice_number: null });
    await insert({ invoice_number: null });
    await insert({ invoice_number: 42 });
  });
});
