/**
 * The order life cycle, stated independently of src/shared/order-status.ts: every starting status ×
 * every action, through the HTTP API only, with the exact answer, the status the order ends in and the
 * product's stock after. The table below is written by hand on purpose — do not derive it from the
 * shared transition table, or a wrong rule would be tested against itself.
 *
 * Each cell gets its own product (stock 100, order of 10), so cells cannot disturb each other's stock;
 * `expireUnpaidOrders` (which expires every stale unpaid order) touches, besides the order it is meant
 * for, only unpaid leftovers of finished cells, each on its own product.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireUnpaidOrders } from '../flows/expire-orders.js';
import {
  type Account,
  call,
  createProduct,
  databaseKind,
  registerAdmin,
  payWithTestCard,
  registerCustomer,
  startTestServer,
  type TestServer,
  TEST_ADDRESS,
} from '../test/harness.js';

const HOUR = 3600_000;
const STOCK = 100;
const QUANTITY = 10;

type Status = 'not paid' | 'pending' | 'shipped' | 'cancelled' | 'expired';
type Action = 'cancel by owner' | 'cancel by admin' | 'cancel by other customer' | 'deliver by admin' | 'deliver by owner' | 'pay by owner';

interface Expected {
  /** The answer to the action (for paying: the first call that is not 200, else the final PATCH's). */
  http: number;
  /** The error code when refused. */
  code?: string;
  /** The order's status afterwards. */
  status: Status;
  /** The product's stock afterwards (it starts at 100; the order is for 10). */
  stock: number;
}

/** Stock held right after each starting status is reached: unpaid and paid orders hold their 10. */
const STOCK_BEFORE: Record<Status, number> = {
  'not paid': 90,
  pending: 90,
  shipped: 90,
  cancelled: 100,
  expired: 100,
};

const ok = (status: Status, stock: number): Expected => ({ http: 200, status, stock });
const refused = (http: number, code: string, status: Status, stock: number): Expected => ({ http, code, status, stock });

// prettier-ignore
const EXPECTED: Record<Status, Record<Action, Expected>> = {
  'not paid': {
    'cancel by owner':          ok('cancelled', 100),
    'cancel by admin':          ok('cancelled', 100),
    'cancel by other customer': refused(403, 'forbidden', 'not paid', 90),
    'deliver by admin':         refused(409, 'illegal_transition', 'not paid', 90),
    'deliver by owner':         refused(403, 'forbidden', 'not paid', 90),
    'pay by owner':             ok('pending', 90),
  },
  pending: {
    'cancel by owner':          refused(409, 'illegal_transition', 'pending', 90),
    // Its whole charge is refunded first (flows/refunds.test.ts has the money).
    'cancel by admin':          ok('cancelled', 100),
    'cancel by other customer': refused(403, 'forbidden', 'pending', 90),
    'deliver by admin':         ok('shipped', 90),
    'deliver by owner':         refused(403, 'forbidden', 'pending', 90),
    'pay by owner':             refused(409, 'not_payable', 'pending', 90),
  },
  shipped: {
    'cancel by owner':          refused(409, 'illegal_transition', 'shipped', 90),
    'cancel by admin':          refused(409, 'illegal_transition', 'shipped', 90),
    'cancel by other customer': refused(403, 'forbidden', 'shipped', 90),
    'deliver by admin':         refused(409, 'illegal_transition', 'shipped', 90),
    'deliver by owner':         refused(403, 'forbidden', 'shipped', 90),
    'pay by owner':             refused(409, 'not_payable', 'shipped', 90),
  },
  cancelled: {
    'cancel by owner':          refused(409, 'illegal_transition', 'cancelled', 100),
    'cancel by admin':          refused(409, 'illegal_transition', 'cancelled', 100),
    'cancel by other customer': refused(403, 'forbidden', 'cancelled', 100),
    'deliver by admin':         refused(409, 'illegal_transition', 'cancelled', 100),
    'deliver by owner':         refused(403, 'forbidden', 'cancelled', 100),
    'pay by owner':             refused(409, 'not_payable', 'cancelled', 100),
  },
  expired: {
    'cancel by owner':          refused(409, 'illegal_transition', 'expired', 100),
    'cancel by admin':          refused(409, 'illegal_transition', 'expired', 100),
    'cancel by other customer': refused(403, 'forbidden', 'expired', 100),
    'deliver by admin':         refused(409, 'illegal_transition', 'expired', 100),
    'deliver by owner':         refused(403, 'forbidden', 'expired', 100),
    'pay by owner':             refused(409, 'not_payable', 'expired', 100),
  },
};

const cells = (Object.keys(EXPECTED) as Status[]).flatMap((from) =>
  (Object.keys(EXPECTED[from]) as Action[]).map((action) => ({ from, action, expected: EXPECTED[from][action] })),
);

describe(`order status × actor matrix, through the API (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let owner: Account;
  let other: Account;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    owner = await registerCustomer(server.app, 'Owner');
    other = await registerCustomer(server.app, 'Other');
  });
  afterAll(() => server?.close());

  interface Cell {
    productId: string;
    orderId: string;
  }

  const stockOf = async (productId: string) => {
    const response = await call(server.app, 'GET', `/api/products/${productId}`);
    expect(response.statusCode).toBe(200);
    return response.json().stock as number;
  };
  const orderOf = async (orderId: string) => {
    const response = await call(server.app, 'GET', `/api/order/${orderId}`, { token: admin.token });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  const pay = (owner: Account, orderId: string): Promise<LightMyRequestResponse> => payWithTestCard(server.app, owner, orderId);
  const deliver = (token: string, orderId: string) =>
    call(server.app, 'PATCH', `/api/orders/${orderId}`, { token, body: { status: 'shipped' } });
  const cancel = (token: string, orderId: string) => call(server.app, 'DELETE', `/api/orders/${orderId}`, { token });

  const expectOk = (response: LightMyRequestResponse, status: Status) => {
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe(status);
  };

  /** An order of 10 from a fresh product of 100, by `owner`, brought to `status` through the API. */
  async function orderIn(status: Status): Promise<Cell> {
    const productId = await createProduct(server.app, admin, { stock: STOCK, min: 1, price: 12.5 });
    const placed = await call(server.app, 'POST', '/api/orders', {
      token: owner.token,
      body: { productId, quantity: QUANTITY, phone: '5550100', shippingAddress: TEST_ADDRESS },
    });
    expect(placed.statusCode).toBe(201);
    const orderId: string = placed.json()._id;

    switch (status) {
      case 'not paid':
        break;
      case 'pending':
        expectOk(await pay(owner, orderId), 'pending');
        break;
      case 'shipped':
        expectOk(await pay(owner, orderId), 'pending');
        expectOk(await deliver(admin.token, orderId), 'shipped');
        break;
      case 'cancelled':
        expectOk(await cancel(owner.token, orderId), 'cancelled');
        break;
      case 'expired': {
        // Created just now; 48 h later with a 24 h TTL it is stale (so is any unpaid order of an
        // earlier cell, each of which is finished and on its own product).
        expect(await expireUnpaidOrders(server.db.kysely, 24 * HOUR, Date.now() + 48 * HOUR)).toBeGreaterThanOrEqual(1);
        break;
      }
    }
    const order = await orderOf(orderId);
    expect(order.status).toBe(status);
    expect(await stockOf(productId)).toBe(STOCK_BEFORE[status]);
    return { productId, orderId };
  }

  const act = (action: Action, cell: Cell): Promise<LightMyRequestResponse> => {
    switch (action) {
      case 'cancel by owner':
        return cancel(owner.token, cell.orderId);
      case 'cancel by admin':
        return cancel(admin.token, cell.orderId);
      case 'cancel by other customer':
        return cancel(other.token, cell.orderId);
      case 'deliver by admin':
        return deliver(admin.token, cell.orderId);
      case 'deliver by owner':
        return deliver(owner.token, cell.orderId);
      case 'pay by owner':
        return pay(owner, cell.orderId);
    }
  };

  it.each(cells)('$from order, $action → $expected.http, $expected.status, stock $expected.stock', async ({ from, action, expected }) => {
    const cell = await orderIn(from);
    const before = await orderOf(cell.orderId);

    const response = await act(action, cell);
    expect(response.statusCode, response.body).toBe(expected.http);
    if (expected.http === 200) {
      expect(response.json()).toMatchObject({ _id: cell.orderId, status: expected.status });
    } else {
      expect(response.json().error.code).toBe(expected.code);
    }

    const after = await orderOf(cell.orderId);
    expect(after.status).toBe(expected.status);
    expect(await stockOf(cell.productId)).toBe(expected.stock);
    if (expected.http !== 200) {
      // Refused: the order is exactly as it was.
      expect(after).toEqual(before);
    } else if (action === 'pay by owner') {
      expect(after).toMatchObject({ paid: true, transactionId: expect.stringMatching(/^pi_/) });
    } else {
      expect(after.transactionId).toBe(before.transactionId);
    }
  });

  it('the table covers every status × action', () => {
    expect(cells).toHaveLength(5 * 6);
  });
});
