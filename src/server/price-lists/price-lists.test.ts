/** Staff price lists (issue 63): saved whole or not at all, listed with their parts, CSV out and in, not deleted while used. */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../db/schema.js';
import { type Account, call, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, TEST_ADDRESS, type TestServer } from '../test/harness.js';

describe(`price lists (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let pads: string;
  let rotor: string;
  let padsSku: string;
  let rotorSku: string;

  const put = (id: string, body: object) => call(server.app, 'PUT', `/api/admin/price-lists/${id}`, { token: admin.token, body });
  const get = (id: string) => call(server.app, 'GET', `/api/admin/price-lists/${id}`, { token: admin.token });
  const putCsv = (id: string, csv: string) =>
    server.app.inject({ method: 'PUT', url: `/api/admin/price-lists/${id}/prices.csv`, headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'text/csv' }, payload: csv });
  const audit = async () => (await call(server.app, 'GET', '/api/audit', { token: admin.token })).json() as { action: string; target: string }[];

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    pads = await createProduct(server.app, admin, { name: 'Brake Pads', price: 40, stock: 100, min: 1 });
    rotor = await createProduct(server.app, admin, { name: 'Brake Rotor', price: 90, stock: 100, min: 1 });
    padsSku = (await call(server.app, 'GET', `/api/products/${pads}`)).json().sku;
    rotorSku = (await call(server.app, 'GET', `/api/products/${rotor}`)).json().sku;
  });
  afterAll(() => server.close());

  it('creates a list with its fixed prices, replaces it whole, and lists it with each part\'s number and name', async () => {
    const created = await put('fleet', {
      name: 'Fleet',
      discountPercent: 12.5,
      validFrom: '2026-01-01',
      prices: [
        { productId: Number(pads), price: 35 },
        { productId: Number(pads), price: 30.5, minQuantity: 20 },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      id: 'fleet',
      name: 'Fleet',
      discountPercent: 12.5,
      validFrom: '2026-01-01',
      validTo: null,
      companyCount: 0,
      prices: [
        { productId: Number(pads), sku: padsSku, name: 'Brake Pads', price: 35, minQuantity: 1 },
        { productId: Number(pads), sku: padsSku, name: 'Brake Pads', price: 30.5, minQuantity: 20 },
      ],
    });
    const replaced = await put('fleet', { name: 'Fleet 2', prices: [{ productId: Number(rotor), price: 80 }] });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ name: 'Fleet 2', discountPercent: 0, validFrom: null, prices: [{ productId: Number(rotor), sku: rotorSku, price: 80, minQuantity: 1 }] });
    expect(replaced.json().prices).toHaveLength(1);
    expect((await get('fleet')).json()).toEqual(replaced.json());
    const all = (await call(server.app, 'GET', '/api/admin/price-lists', { token: admin.token })).json() as { id: string }[];
    expect(all.find((list) => list.id === 'fleet')).toEqual(replaced.json());
    expect((await audit()).filter((entry) => entry.action === 'priceList.save').map((entry) => entry.target)).toEqual([
      'price list fleet replaced (Fleet 2, 1 fixed prices)',
      'price list fleet created (Fleet, 2 fixed prices)',
    ]);
    expect((await get('nothing-here')).statusCode).toBe(404);
    expect((await get('Not_A_Slug')).statusCode).toBe(400);
  });

  it('refuses a price of a part that does not exist, naming its line, and saves nothing', async () => {
    await put('garage', { name: 'Garage', prices: [{ productId: Number(pads), price: 33 }] });
    const refused = await put('garage', { name: 'Garage changed', prices: [{ productId: Number(pads), price: 31 }, { productId: 999999, price: 5 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ message: 'Price 2: there is no part with id 999999', fields: { 'prices.1.productId': 'Price 2: there is no part with id 999999' } });
    expect((await get('garage')).json()).toMatchObject({ name: 'Garage', prices: [{ price: 33 }] });
    const repeated = await put('garage', { name: 'G', prices: [{ productId: Number(pads), price: 31 }, { productId: Number(pads), price: 30 }] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error.fields).toEqual({ 'prices.1.minQuantity': 'This part already has a price from this quantity' });
  });

  it('exports the fixed prices as sku,price,minQuantity and imports them back, or nothing when a row is wrong', async () => {
    await put('csv', { name: 'CSV', prices: [{ productId: Number(pads), price: 35 }, { productId: Number(pads), price: 30.5, minQuantity: 20 }] });
    const exported = await call(server.app, 'GET', '/api/admin/price-lists/csv/prices.csv', { token: admin.token });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(parse(exported.body)).toEqual([
      ['sku', 'price', 'minQuantity'],
      [padsSku, '35.00', '1'],
      [padsSku, '30.50', '20'],
    ]);

    const file = `sku,price,minQuantity\r\n${rotorSku.toLowerCase()},79.99,\r\n${rotorSku},70,10\r\n`;
    const imported = await putCsv('csv', file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().prices).toEqual([
      { productId: Number(rotor), sku: rotorSku, name: 'Brake Rotor', price: 79.99, minQuantity: 1 },
      { productId: Number(rotor), sku: rotorSku, name: 'Brake Rotor', price: 70, minQuantity: 10 },
    ]);
    expect((await audit())[0]).toMatchObject({ action: 'priceList.import', target: 'price list csv (CSV, 2 fixed prices from CSV)' });

    const unknown = await putCsv('csv', `sku,price,minQuantity\n${padsSku},20,1\nNO-SUCH-1,5,1\n`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Row 3: there is no part with number NO-SUCH-1');
    const badPrice = await putCsv('csv', `sku,price,minQuantity\n${padsSku},12.345,1\n`);
    expect(badPrice.json().error.message).toBe('Row 2: price must be a positive amount in dollars, up to two decimals');
    const free = await putCsv('csv', `sku,price,minQuantity\n${padsSku},0,1\n`);
    expect(free.statusCode).toBe(400);
    const header = await putCsv('csv', `sku,price\n${padsSku},12\n`);
    expect(header.json().error.message).toBe("The file's first row must be exactly: sku,price,minQuantity");
    // Nothing of the refused files was saved.
    expect((await get('csv')).json().prices.map((price: { price: number }) => price.price)).toEqual([79.99, 70]);
    expect((await putCsv('nothing-here', 'sku,price,minQuantity\n')).statusCode).toBe(404);
  });

  it('deletes a list no company uses, and refuses with 409 while one does', async () => {
    await put('used', { name: 'Used', discountPercent: 5 });
    const buyer = await registerCustomer(server.app);
    const at = now();
    await server.db.kysely
      .insertInto('companies')
      .values({ name: 'Wu Garage', vat_id: null, tax_certificate: null, phone: '5550100', address: JSON.stringify(TEST_ADDRESS), status: 'approved', decline_reason: null, price_list_id: 'used', applicant_user_id: Number(buyer.id), decided_at: at, decided_by_user_id: null, created_at: at, updated_at: at })
      .execute();
    expect((await get('used')).json().companyCount).toBe(1);
    const refused = await call(server.app, 'DELETE', '/api/admin/price-lists/used', { token: admin.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'price_list_in_use', message: 'This price list is used by 1 company: give it another list (or none) before deleting it' });
    expect((await get('used')).statusCode).toBe(200);

    await server.db.kysely.updateTable('companies').set({ price_list_id: null }).where('price_list_id', '=', 'used').execute();
    expect((await call(server.app, 'DELETE', '/api/admin/price-lists/used', { token: admin.token })).statusCode).toBe(204);
    expect((await get('used')).statusCode).toBe(404);
    expect((await call(server.app, 'DELETE', '/api/admin/price-lists/used', { token: admin.token })).statusCode).toBe(404);
    expect((await audit())[0]).toMatchObject({ action: 'priceList.remove', target: 'price list used (Used)' });
  });
});
