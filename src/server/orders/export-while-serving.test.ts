/**
 * While a long CSV export of orders is written, the server goes on answering other requests: the export
 * yields to the event loop after each batch of orders (listing.ts, EXPORT_BATCH).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACED_STATUS } from '../../shared/order-status.js';
import { type Account, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';

const ORDERS = 5_000;
const ROWS_PER_INSERT = 500;

describe(`other requests are answered while ${ORDERS.toLocaleString('en')} orders are exported (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let address: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    const customer = await registerCustomer(server.app);
    const part = Number(await createProduct(server.app, admin, { name: 'Brake Pads', sku: 'BL-1507' }));
    const k = server.db.kysely;
    for (let first = 0; first < ORDERS; first += ROWS_PER_INSERT) {
      const orders = Array.from({ length: ROWS_PER_INSERT }, (_, i) => {
        const at = new Date(Date.UTC(2024, 4, 1) + (first + i) * 60_000).toISOString();
        return {
          user_id: Number(customer.id), customer_name: customer.name, email: customer.email, phone: '+1 555 0100', address: '1 Main St',
          po_number: `PO-${first + i}`, idempotency_key: null, status: PLACED_STATUS, transaction_id: null, invoice_number: null, invoiced_at: null,
          created_at: at, updated_at: at, product_id: part, product_name: 'Brake Pads', product_sku: 'BL-1507', unit_price_cents: 1000,
          quantity: 1, subtotal_cents: 1000, total_cents: 1000, line_count: 1,
        };
      });
      const ids = await k.insertInto('orders').values(orders).returning('id').execute();
      await k
        .insertInto('order_lines')
        .values(ids.map(({ id }) => ({ order_id: id, product_id: part, product_name: 'Brake Pads', product_sku: 'BL-1507', quantity: 1, unit_price_cents: 1000, list_price_cents: 1000 })))
        .execute();
    }
    address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(() => server.close());

  it('answers health checks while the export is written, and the export holds every order', async () => {
    let done = false;
    const exporting = fetch(`${address}/api/orders/export.csv`, { headers: { authorization: `Bearer ${admin.token}` } })
      .then(async (response) => {
        expect(response.status).toBe(200);
        return response.text();
      })
      .finally(() => (done = true));
    let answeredMeanwhile = 0;
    while (!done) {
      const response = await fetch(`${address}/api/health`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      if (!done) answeredMeanwhile++;
    }
    const exported = await exporting;
    expect(exported.trimEnd().split('\r\n')).toHaveLength(ORDERS + 1);
    expect(answeredMeanwhile).toBeGreaterThan(0);
  }, 120_000);
});
