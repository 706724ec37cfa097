import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductChange, ProductPage } from '../../shared/api.js';
import { fieldMessages } from '../../shared/schemas.js';
import { type Account, call, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer, validProduct, TEST_ADDRESS } from '../test/harness.js';

/** The catalog manager's work: part numbers, edits, restocks, archiving, and the record of every change. */
describe(`catalog editing (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
  });
  afterAll(() => server.close());

  const post = (body: object) => call(server.app, 'POST', '/api/products', { token: admin.token, body: { ...validProduct, ...body } });
  const patch = (id: string, body: object, token = admin.token) => call(server.app, 'PATCH', `/api/products/${id}`, { token, body });
  const publicProduct = (id: string) => call(server.app, 'GET', `/api/products/${id}`);

  it("gives a part the original storefront's add form (docs/legacy-contract.md) created a number from its category's prefix, in sequence", async () => {
    const first = (await post({ name: 'Old Client Part' })).json() as Product;
    const second = (await post({ name: 'Brake Hose', category: 'brakes' })).json() as Product;
    const third = (await post({ name: 'Brake Line', category: 'brakes' })).json() as Product;
    expect(first.sku).toMatch(/^PS-1\d{4}$/);
    expect(first.category).toEqual({ slug: 'other', name: 'Other Parts' });
    expect(second.sku).toMatch(/^BR-1\d{4}$/);
    expect(Number(third.sku.slice(3))).toBe(Number(second.sku.slice(3)) + 1);
    expect(first).toMatchObject({ specs: [], active: true });
  });

  it('refuses a part number another part has, however it is spelled, on create and on edit', async () => {
    const taken = (await post({ name: 'Brake Light Bulb', sku: 'BL-1507' })).json() as Product;
    for (const sku of ['bl1507', 'BL 1507', 'b.l-15.07']) {
      const response = await post({ name: 'Copy', sku });
      expect(response.statusCode, sku).toBe(409);
      expect(response.json().error).toMatchObject({ code: 'sku_taken', message: 'Part Number BL-1507 is already used by Brake Light Bulb' });
    }
    const other = (await post({ name: 'Other Bulb', sku: 'OB-1' })).json() as Product;
    const response = await patch(other._id, { sku: 'bl-1507' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields).toEqual({ sku: 'Part Number BL-1507 is already used by Brake Light Bulb' });
    // Re-spelling a part's own number is not a clash.
    expect((await patch(taken._id, { sku: 'BL1507' })).json().sku).toBe('BL1507');
  });

  it('keeps a shipping weight in whole grams (weightGrams): 0 when not given, refused when not a whole number of 0 or more', async () => {
    const unweighed = (await post({ name: 'Unweighed' })).json() as Product;
    expect(unweighed.weightGrams).toBe(0);
    const weighed = (await post({ name: 'Weighed', weightGrams: '1200' })).json() as Product;
    expect(weighed.weightGrams).toBe(1200);
    expect((await patch(weighed._id, { weightGrams: 950 })).json().weightGrams).toBe(950);
    expect((await publicProduct(weighed._id)).json().weightGrams).toBe(950);
    for (const weightGrams of [-1, 1.5, 'heavy']) {
      const response = await patch(weighed._id, { weightGrams });
      expect(response.statusCode, String(weightGrams)).toBe(400);
      expect(response.json().error.fields).toEqual({ weightGrams: 'Weight must be a whole number of grams, 0 or more (at most 10,000,000)' });
    }
  });

  it('keeps a core deposit in dollars per unit (coreCharge): 0 when not given, refused below 0 or with more than two decimals', async () => {
    expect(((await post({ name: 'New Pump' })).json() as Product).coreCharge).toBe(0);
    const reman = (await post({ name: 'Remanufactured Caliper', coreCharge: '30.00' })).json() as Product;
    expect(reman.coreCharge).toBe(30);
    expect((await patch(reman._id, { coreCharge: 42.5 })).json().coreCharge).toBe(42.5);
    expect((await publicProduct(reman._id)).json().coreCharge).toBe(42.5);
    expect((await patch(reman._id, { coreCharge: 0 })).json().coreCharge).toBe(0);
    for (const coreCharge of [-1, 1.005, 'deposit']) {
      const response = await patch(reman._id, { coreCharge });
      expect(response.statusCode, String(coreCharge)).toBe(400);
      expect(response.json().error.fields).toEqual({ coreCharge: fieldMessages.coreChargeInvalid });
    }
  });

  it('generates past a number an admin took by hand', async () => {
    const next = (await post({ name: 'Probe', category: 'mirrors' })).json() as Product;
    const following = Number(next.sku.slice(3)) + 1;
    await post({ name: 'Hand Numbered', sku: `MR-${following}` });
    const generated = (await post({ name: 'Mirror Glass', category: 'mirrors' })).json() as Product;
    expect(generated.sku).toBe(`MR-${following + 1}`);
  });

  it('edits any field, validates what it gets and refuses an empty edit', async () => {
    const id = await createProduct(server.app, admin, { name: 'Editable', stock: 50, min: 5 });
    const response = await patch(id, {
      name: 'Edited Part',
      description: 'New words',
      price: '19.99',
      stock: 0,
      min: 80,
      img: '/images/products/radiator.svg',
      category: 'cooling',
      specs: [{ name: 'Core', value: 'Aluminium' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Edited Part', description: 'New words', price: 19.99, stock: 0, min: 80, img: '/images/products/radiator.svg',
      category: { slug: 'cooling', name: 'Cooling' }, specs: [{ name: 'Core', value: 'Aluminium' }],
    });
    const bad: [object, string][] = [
      [{ price: 0 }, 'price'],
      [{ stock: -1 }, 'stock'],
      [{ stock: 1.5 }, 'stock'],
      [{ name: ' ' }, 'name'],
      [{ category: 'rockets' }, 'category'],
      [{ sku: 'A B!' }, 'sku'],
      [{ specs: [{ name: 'Size: big', value: '1' }] }, 'specs.0.name'],
      [{ specs: [{ name: 'Size', value: '1' }, { name: 'size', value: '2' }] }, 'specs'],
      [{ img: 'javascript:alert(1)' }, 'img'],
      [{ active: 'no' }, 'active'],
    ];
    for (const [body, field] of bad) {
      const refused = await patch(id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.json().error.fields), JSON.stringify(body)).toContain(field);
    }
    const empty = await patch(id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Nothing to change');
    expect((await call(server.app, 'GET', `/api/admin/products/${id}`, { token: admin.token })).json()).toMatchObject({ name: 'Edited Part', price: 19.99 });
    expect((await patch('999999', { price: 1 })).statusCode).toBe(404);
  });

  it('records every price and stock change with who, when, from and to; restock adds to what is there', async () => {
    const id = await createProduct(server.app, admin, { price: 10, stock: 100, min: 1 });
    await patch(id, { price: 12.5 });
    await patch(id, { name: 'Only a name' });
    const restocked = await call(server.app, 'POST', `/api/products/${id}/restock`, { token: admin.token, body: { quantity: 250 } });
    expect(restocked.json().stock).toBe(350);
    await patch(id, { stock: 40 });
    const changes = (await call(server.app, 'GET', `/api/products/${id}/changes`, { token: admin.token })).json() as ProductChange[];
    expect(changes.map(({ field, from, to, reason }) => ({ field, from, to, reason }))).toEqual([
      { field: 'stock', from: 350, to: 40, reason: 'edit' },
      { field: 'stock', from: 100, to: 350, reason: 'restock' },
      { field: 'price', from: 10, to: 12.5, reason: 'edit' },
    ]);
    expect(changes[0]!.by).toEqual({ name: admin.name, email: admin.email });
    expect(Date.parse(changes[0]!.at)).not.toBeNaN();
    for (const quantity of [0, -5, 1.5, 'lots']) {
      const refused = await call(server.app, 'POST', `/api/products/${id}/restock`, { token: admin.token, body: { quantity } });
      expect(refused.statusCode, String(quantity)).toBe(400);
    }
    const tooMuch = await call(server.app, 'POST', `/api/products/${id}/restock`, { token: admin.token, body: { quantity: 1_000_000_000 } });
    expect(tooMuch.statusCode).toBe(409);
    expect((await publicProduct(id)).json().stock).toBe(40);
  });

  it('keeps restocks and orders from losing units when they meet', async () => {
    const customer = await registerCustomer(server.app);
    const id = await createProduct(server.app, admin, { stock: 1000, min: 1 });
    await Promise.all([
      ...Array.from({ length: 10 }, () => call(server.app, 'POST', `/api/products/${id}/restock`, { token: admin.token, body: { quantity: 7 } })),
      ...Array.from({ length: 10 }, () =>
        call(server.app, 'POST', '/api/orders', { token: customer.token, body: { productId: id, quantity: 3, phone: '5550100', shippingAddress: TEST_ADDRESS } }),
      ),
    ]);
    expect((await publicProduct(id)).json().stock).toBe(1000 + 70 - 30);
  });

  it('archives a part off the shop (kept for its orders and the admin) and restores it', async () => {
    const customer = await registerCustomer(server.app);
    const id = await createProduct(server.app, admin, { name: 'Seasonal Part', stock: 100, min: 1 });
    const sku = (await publicProduct(id)).json().sku as string;
    const ordered = await call(server.app, 'POST', '/api/orders', { token: customer.token, body: { productId: id, quantity: 2, phone: '5550100', shippingAddress: TEST_ADDRESS } });
    expect((await patch(id, { active: false })).json().active).toBe(false);

    expect((await publicProduct(id)).statusCode).toBe(404);
    expect((await call(server.app, 'GET', `/api/products/sku/${sku}`)).statusCode).toBe(404);
    const shop = (await call(server.app, 'GET', '/api/products?q=seasonal&limit=10')).json() as ProductPage;
    expect(shop.items).toEqual([]);
    const again = await call(server.app, 'POST', '/api/orders', { token: customer.token, body: { productId: id, quantity: 2, phone: '5550100', shippingAddress: TEST_ADDRESS } });
    expect(again.statusCode).toBe(404);
    expect((await call(server.app, 'GET', `/api/order/${ordered.json()._id}`, { token: customer.token })).json().product).toBe('Seasonal Part');

    const archived = (await call(server.app, 'GET', '/api/admin/products?status=archived&q=seasonal', { token: admin.token })).json() as ProductPage;
    expect(archived.items.map((p) => p._id)).toEqual([id]);
    const active = (await call(server.app, 'GET', '/api/admin/products?status=active&q=seasonal', { token: admin.token })).json() as ProductPage;
    expect(active.items).toEqual([]);

    expect((await patch(id, { active: true })).json().active).toBe(true);
    expect((await publicProduct(id)).statusCode).toBe(200);
    const audit = (await call(server.app, 'GET', '/api/audit', { token: admin.token })).json() as { action: string; target: string }[];
    expect(audit.filter((e) => e.target.includes('Seasonal Part')).map((e) => e.action)).toEqual(expect.arrayContaining(['product.archive', 'product.restore']));
  });

  it('lets the original storefront\'s Remove (docs/legacy-contract.md) take an archived part away for good', async () => {
    const id = await createProduct(server.app, admin, { name: 'Archived Then Removed' });
    await patch(id, { active: false });
    expect((await call(server.app, 'DELETE', `/api/products/${id}`, { token: admin.token })).statusCode).toBe(200);
    expect((await call(server.app, 'GET', `/api/admin/products/${id}`, { token: admin.token })).statusCode).toBe(404);
  });

  it('leaves an order with the part number it was placed for when the part is renumbered', async () => {
    const customer = await registerCustomer(server.app);
    const id = await createProduct(server.app, admin, { name: 'Renumbered Part', sku: 'RN-1', stock: 100, min: 1 });
    const order = await call(server.app, 'POST', '/api/orders', { token: customer.token, body: { productId: id, quantity: 1, phone: '5550100', shippingAddress: TEST_ADDRESS } });
    expect(order.json().sku).toBe('RN-1');
    await patch(id, { sku: 'RN-2' });
    expect((await call(server.app, 'GET', `/api/order/${order.json()._id}`, { token: customer.token })).json().sku).toBe('RN-1');
  });
});
