/** The signed-in buyer's cart on the server (GET/PUT /api/cart): each account's own, checked as orders are. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../shared/api.js';
import { errorMessages, messages } from '../../shared/messages.js';
import { type Account, call, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';

describe(`the server cart (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let pads: string;
  let filters: string;
  let bolts: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    pads = await createProduct(server.app, admin, { name: 'Brake Pad Set', stock: 5000, min: 10, price: 24.5, priceBreaks: [{ minQuantity: 500, price: 20 }] });
    filters = await createProduct(server.app, admin, { name: 'Oil Filter', stock: 200, min: 1, price: 8 });
    bolts = await createProduct(server.app, admin, { name: 'Wheel Bolt', stock: 1000, min: 20, price: 0.5, packSize: 20 });
  });
  afterAll(() => server.close());

  const cartOf = (account: Account) => call(server.app, 'GET', '/api/cart', { token: account.token });
  const put = (account: Account, lines: { productId: string | number; quantity: number }[]) =>
    call(server.app, 'PUT', '/api/cart', { token: account.token, body: { lines } });
  const quantities = (cart: Cart) => cart.lines.map((line) => [line.productId, line.quantity]);

  it('is for signed-in buyers only', async () => {
    for (const response of [
      await call(server.app, 'GET', '/api/cart'),
      await call(server.app, 'PUT', '/api/cart', { body: { lines: [] } }),
      await call(server.app, 'PUT', '/api/cart', { token: 'not-a-session', body: { lines: 'junk' } }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe(errorMessages.unauthenticated);
    }
  });

  it('starts empty and never saved, then answers what was put, in that order, with the parts as sold today', async () => {
    const buyer = await registerCustomer(server.app);
    const empty = await cartOf(buyer);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ lines: [], updatedAt: null });

    const saved = await put(buyer, [
      { productId: filters, quantity: 3 },
      { productId: Number(pads), quantity: 500 },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['cache-control']).toBe('no-store');
    const cart = saved.json() as Cart;
    expect(quantities(cart)).toEqual([
      [filters, 3],
      [pads, 500],
    ]);
    // The tier 500 units reach, the line's total at it.
    expect(cart.lines[1]).toMatchObject({ name: 'Brake Pad Set', unitPrice: 20, lineTotal: 10_000, min: 10, stock: 5000, problem: null });
    expect(Date.parse(cart.updatedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await cartOf(buyer)).json()).toEqual(cart);
  });

  it("is each buyer's own: another account neither sees nor changes it", async () => {
    const owner = await registerCustomer(server.app, 'Owner');
    const other = await registerCustomer(server.app, 'Other');
    await put(owner, [{ productId: pads, quantity: 20 }]);
    expect((await cartOf(other)).json().lines).toEqual([]);
    await put(other, [{ productId: filters, quantity: 1 }]);
    expect(quantities((await cartOf(owner)).json())).toEqual([[pads, 20]]);
    expect(quantities((await cartOf(other)).json())).toEqual([[filters, 1]]);
    // The admin too has a cart of their own, not a view of anyone's.
    expect((await cartOf(admin)).json().lines).toEqual([]);
  });

  it('follows the account: another session of the same buyer sees the same cart', async () => {
    const buyer = await registerCustomer(server.app);
    await put(buyer, [{ productId: bolts, quantity: 40 }]);
    const login = await call(server.app, 'POST', '/api/auth/login', { body: { email: buyer.email, password: 'secret-password' } });
    const elsewhere = { ...buyer, token: login.json().token as string };
    expect(quantities((await cartOf(elsewhere)).json())).toEqual([[bolts, 40]]);
    // Signing out of one session leaves the cart as it is.
    await call(server.app, 'POST', '/api/auth/logout', { token: buyer.token });
    expect(quantities((await cartOf(elsewhere)).json())).toEqual([[bolts, 40]]);
  });

  it('replaces the whole cart on each save: a line left out is taken out, an empty list empties it', async () => {
    const buyer = await registerCustomer(server.app);
    await put(buyer, [
      { productId: pads, quantity: 20 },
      { productId: filters, quantity: 2 },
    ]);
    expect(quantities((await put(buyer, [{ productId: filters, quantity: 5 }])).json())).toEqual([[filters, 5]]);
    const emptied = await put(buyer, []);
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json().lines).toEqual([]);
    expect(emptied.json().updatedAt).not.toBeNull();
  });

  it('refuses a part that is not for sale with a message naming it, and keeps the cart as it was', async () => {
    const buyer = await registerCustomer(server.app);
    await put(buyer, [{ productId: filters, quantity: 2 }]);
    const unknown = await put(buyer, [
      { productId: filters, quantity: 2 },
      { productId: 999_999, quantity: 1 },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      code: 'unknown_product',
      message: errorMessages.cartUnknownPart(999_999),
      fields: { 'lines.1.productId': errorMessages.cartUnknownPart(999_999) },
    });
    expect(quantities((await cartOf(buyer)).json())).toEqual([[filters, 2]]);
  });

  it("checks a new or changed quantity with the part's rules: its minimum and whole packs", async () => {
    const buyer = await registerCustomer(server.app);
    const low = await put(buyer, [{ productId: pads, quantity: 5 }]);
    expect(low.statusCode).toBe(400);
    expect(low.json().error.fields).toEqual({ 'lines.0.quantity': messages.validation.quantityTooLow(10) });
    expect(low.json().error.message).toContain('Brake Pad Set (line 1)');
    const notPacks = await put(buyer, [{ productId: bolts, quantity: 30 }]);
    expect(notPacks.statusCode).toBe(400);
    expect(notPacks.json().error.fields).toEqual({ 'lines.0.quantity': messages.validation.quantityNotInPacks(20) });
    for (const quantity of [0, -10, 1.5]) expect((await put(buyer, [{ productId: filters, quantity }])).statusCode).toBe(400);
    const repeated = await put(buyer, [
      { productId: filters, quantity: 1 },
      { productId: filters, quantity: 2 },
    ]);
    expect(repeated.statusCode).toBe(400);
    expect((await cartOf(buyer)).json().lines).toEqual([]);
  });

  it('keeps more than the stock (it changes without the buyer) and says so on the line', async () => {
    const buyer = await registerCustomer(server.app);
    const saved = await put(buyer, [{ productId: filters, quantity: 300 }]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().lines[0]).toMatchObject({ quantity: 300, stock: 200, problem: messages.validation.quantityTooHigh(200) });
  });

  it('keeps a line sent as it was even when the rules changed since, and leaves out a part no longer for sale', async () => {
    const buyer = await registerCustomer(server.app);
    const spring = await createProduct(server.app, admin, { name: 'Coil Spring', stock: 100, min: 2 });
    const mount = await createProduct(server.app, admin, { name: 'Engine Mount', stock: 100, min: 1 });
    await put(buyer, [
      { productId: spring, quantity: 2 },
      { productId: mount, quantity: 1 },
    ]);
    expect((await call(server.app, 'PATCH', `/api/products/${spring}`, { token: admin.token, body: { min: 5 } })).statusCode).toBe(200);
    expect((await call(server.app, 'DELETE', `/api/products/${mount}`, { token: admin.token })).statusCode).toBe(200);
    const shown = (await cartOf(buyer)).json() as Cart;
    expect(quantities(shown)).toEqual([[spring, 2]]);
    expect(shown.lines[0]!.problem).toBe(messages.validation.quantityTooLow(5));
    // The buyer adds another part: the old line goes along unchecked; the part removed meanwhile is dropped.
    const next = await put(buyer, [
      { productId: spring, quantity: 2 },
      { productId: mount, quantity: 1 },
      { productId: filters, quantity: 1 },
    ]);
    expect(next.statusCode).toBe(200);
    expect(quantities(next.json())).toEqual([
      [spring, 2],
      [filters, 1],
    ]);
    // Changing it is checked again.
    expect((await put(buyer, [{ productId: spring, quantity: 3 }])).statusCode).toBe(400);
  });
});
