/** Crafted cursors on every keyset-paged list: always 400 with the message, never a 500 (PostgreSQL types its parameters). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages } from '../../shared/schemas.js';
import { type Account, call, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer, TEST_ADDRESS } from '../test/harness.js';

const b64 = (json: string) => Buffer.from(json).toString('base64url');

/** Cursors no page of ours wrote, for any sort. */
const CRAFTED = [
  'not-base64!',
  'NaN',
  'Infinity',
  '99999999999',
  '-1',
  'o99999999',
  b64('null'),
  b64('{"a":1}'),
  b64('[1]'),
  b64('[1,1]'),
  b64('[1,2,3,4]'),
  b64('"price"'),
];

/** Keys of the right shape for `sort` but of the wrong type, out of range, or NUL. */
function craftedFor(sort: string): string[] {
  const tag = JSON.stringify(sort);
  const wrongKeys = sort === 'name' ? ['1', '1.5', '1e20', '"\\u0000"', `"${'x'.repeat(201)}"`] : ['"x"', '1.5', '1e20', '99999999999', '-1', '"2026-13-45T99:99:99Z"', '"\\u0000"'];
  return [
    ...wrongKeys.map((key) => b64(`[${tag},${key},1]`)),
    b64(`[${tag},1,99999999999]`),
    b64(`[${tag},1,1.5]`),
    b64(`[${tag},1,-1]`),
    b64(`[${tag},1,"1"]`),
    b64(`[${tag},1e999,1]`),
    b64(`[${tag},null,1]`),
    b64(`[${tag},{},1]`),
    b64(`[${tag},1,1,1]`),
  ];
}

describe(`keyset cursors (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let customer: Account;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    customer = await registerCustomer(server.app);
    const ids = [];
    for (const [name, price] of [['Alpha Filter', 10], ['Beta Filter', 20], ['Gamma Filter', 30]] as const) {
      ids.push(await createProduct(server.app, admin, { name, price }));
    }
    for (const productId of ids) {
      const placed = await call(server.app, 'POST', '/api/orders', { token: customer.token, body: { productId, quantity: 10, phone: '5550100', shippingAddress: TEST_ADDRESS } });
      expect(placed.statusCode).toBe(201);
    }
  });
  afterAll(() => server.close());

  const lists = () => [
    { path: '/api/products', token: undefined, sorts: ['newest', 'price', '-price', 'name'] },
    { path: '/api/admin/products', token: admin.token, sorts: ['newest', 'price', '-price', 'name'] },
    { path: '/api/orders', token: admin.token, sorts: ['newest', 'oldest', 'total', '-total'] },
    { path: `/api/orders/${customer.email}`, token: customer.token, sorts: ['newest'] },
  ];

  const page = (path: string, query: string, token?: string) => call(server.app, 'GET', `${path}?${query}`, { token });

  it('continues every sort of every list from the cursor it wrote', async () => {
    for (const { path, token, sorts } of lists()) {
      for (const sort of sorts) {
        const sorting = path.endsWith(customer.email) ? '' : `&sort=${sort}`;
        const first = await page(path, `limit=1${sorting}`, token);
        expect(first.statusCode, `${path} ${sort}`).toBe(200);
        const next = await page(path, `limit=1${sorting}&cursor=${first.json().nextCursor}`, token);
        expect(next.statusCode, `${path} ${sort}`).toBe(200);
        expect(next.json().items[0]._id, `${path} ${sort}`).not.toBe(first.json().items[0]._id);
      }
    }
    // A search ranked by relevance pages by offset.
    const ranked = await page('/api/products', 'q=filter&limit=1');
    expect((await page('/api/products', `q=filter&limit=1&cursor=${ranked.json().nextCursor}`)).statusCode).toBe(200);
  });

  it('answers 400 with the message, never 500, for crafted cursors and cursors of another sort', async () => {
    for (const { path, token, sorts } of lists()) {
      const written: Record<string, string> = {};
      for (const sort of sorts) {
        const sorting = path.endsWith(customer.email) ? '' : `&sort=${sort}`;
        written[sort] = (await page(path, `limit=1${sorting}`, token)).json().nextCursor;
      }
      for (const sort of sorts) {
        const sorting = path.endsWith(customer.email) ? '' : `&sort=${sort}`;
        const others = [...sorts, path.includes('products') ? 'total' : 'price'].filter((other) => other !== sort);
        const ofOtherSorts = [...Object.entries(written).filter(([other]) => other !== sort).map(([, cursor]) => cursor), ...others.map((other) => b64(`[${JSON.stringify(other)},1,1]`))];
        for (const cursor of [...CRAFTED, ...craftedFor(sort), ...ofOtherSorts]) {
          const response = await page(path, `limit=5${sorting}&cursor=${encodeURIComponent(cursor)}`, token);
          expect(response.statusCode, `${path} sort=${sort} cursor=${cursor}`).toBe(400);
          expect(response.json().error.message, `${path} sort=${sort} cursor=${cursor}`).toBe(fieldMessages.cursorInvalid);
        }
      }
    }
    for (const cursor of [...CRAFTED.filter((c) => !c.startsWith('o')), 'o10001', b64('["price",1,1]')]) {
      const response = await page('/api/products', `q=filter&limit=1&cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode, `ranked search cursor=${cursor}`).toBe(400);
    }
  });
});
