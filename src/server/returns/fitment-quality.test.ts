import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitmentQualitySchema } from '../../shared/returns-api.js';
import type { ReturnReason, ReturnStatus } from '../../shared/returns.js';
import { writeApplications } from '../catalog/applications.js';
import { createVehicles } from '../fitment/service.js';
import { type Account, call, createProduct, databaseKind, payWithTestCard, registerAdmin, registerCustomer, startTestServer, type TestServer, TEST_ADDRESS } from '../test/harness.js';

const COROLLA = { id: 11, label: '2015 Toyota Corolla LE 1.8L I4' };
const CAMRY = { id: 12, label: '2018 Toyota Camry LE 2.5L I4' };
const CIVIC = { id: 13, label: '2012 Honda Civic EX 1.8L I4' };

interface Line {
  part: string;
  quantity?: number;
  reason: ReturnReason;
  vehicle?: { id: number; label: string };
  fits?: boolean;
}

describe(`the fitment-quality list (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let buyer: Account;
  let orderId: number;
  const ids: Record<string, string> = {};
  /** Each part's order line. */
  const lineOf: Record<string, number> = {};

  const list = async () => {
    const response = await call(server.app, 'GET', '/api/admin/fitment-quality', { token: admin.token });
    expect(response.statusCode).toBe(200);
    return fitmentQualitySchema.parse(response.json());
  };

  /** A return as the returns domain keeps it, with the vehicle and our data's answer recorded as the request did. */
  async function aReturn(status: ReturnStatus, lines: Line[]) {
    const at = new Date().toISOString();
    const { id } = await server.db.kysely
      .insertInto('returns')
      .values({ order_id: orderId, user_id: Number(buyer.id), status, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.kysely
      .insertInto('return_lines')
      .values(
        lines.map((line) => ({
          return_id: id,
          order_line_id: lineOf[line.part]!,
          product_id: Number(ids[line.part]),
          quantity: line.quantity ?? 1,
          reason: line.reason,
          vehicle_id: line.vehicle?.id ?? null,
          vehicle_label: line.vehicle?.label ?? null,
          fits_by_our_data: line.fits === undefined ? null : Number(line.fits),
        })),
      )
      .execute();
  }

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    buyer = await registerCustomer(server.app, 'Fleet Buyer');
    for (const name of ['Headlight', 'Alternator', 'Brake Caliper', 'Wiper Blade', 'Drum']) {
      ids[name] = await createProduct(server.app, admin, { name, price: 10, stock: 100, min: 1 });
    }
    const placed = await call(server.app, 'POST', '/api/orders', {
      token: buyer.token,
      body: { phone: '+1 555 0100', shippingAddress: TEST_ADDRESS, lines: Object.values(ids).map((productId) => ({ productId, quantity: 5 })) },
    });
    expect(placed.statusCode).toBe(201);
    orderId = Number(placed.json()._id);
    expect((await payWithTestCard(server.app, buyer, String(orderId))).statusCode).toBe(200);
    const lines = await server.db.kysely.selectFrom('order_lines').select(['id', 'product_id']).where('order_id', '=', orderId).execute();
    for (const [name, id] of Object.entries(ids)) lineOf[name] = lines.find((line) => line.product_id === Number(id))!.id;
  });
  afterAll(() => server.close());

  it('is empty while no return says a part did not fit', async () => {
    await aReturn('requested', [{ part: 'Wiper Blade', reason: 'damaged' }]);
    expect(await list()).toEqual([]);
  });

  it("ranks parts by their \"doesn't fit\" returns, rejected ones left out, each with the vehicles named and what our data said", async () => {
    await aReturn('requested', [{ part: 'Headlight', quantity: 2, reason: 'doesnt_fit', vehicle: COROLLA, fits: true }, { part: 'Wiper Blade', reason: 'not_needed' }]);
    await aReturn('approved', [
      { part: 'Headlight', reason: 'doesnt_fit', vehicle: COROLLA, fits: true },
      { part: 'Alternator', reason: 'doesnt_fit', vehicle: CAMRY, fits: false },
    ]);
    await aReturn('refunded', [{ part: 'Headlight', reason: 'doesnt_fit', vehicle: CAMRY, fits: false }]);
    // The shop found the part did fit: not a signal about its data.
    await aReturn('rejected', [{ part: 'Alternator', reason: 'doesnt_fit', vehicle: CAMRY, fits: false }, { part: 'Brake Caliper', reason: 'doesnt_fit', vehicle: CIVIC, fits: true }]);
    await aReturn('received', [
      { part: 'Alternator', reason: 'doesnt_fit', vehicle: CIVIC, fits: true },
      { part: 'Brake Caliper', reason: 'doesnt_fit', vehicle: COROLLA, fits: false },
    ]);

    // Headlight: 3 returns (the 2 units of the first count once), Corolla twice, Camry once.
    // Alternator: 2 (the rejected one left out), Civic and Camry once each, by name. Brake Caliper: 1 (its rejected one left out).
    expect(await list()).toEqual([
      {
        productId: ids.Headlight,
        sku: expect.any(String),
        name: 'Headlight',
        returns: 3,
        vehicles: [
          { vehicleId: '11', label: COROLLA.label, count: 2, fitsByOurData: true },
          { vehicleId: '12', label: CAMRY.label, count: 1, fitsByOurData: false },
        ],
      },
      {
        productId: ids.Alternator,
        sku: expect.any(String),
        name: 'Alternator',
        returns: 2,
        vehicles: [
          { vehicleId: '13', label: CIVIC.label, count: 1, fitsByOurData: true },
          { vehicleId: '12', label: CAMRY.label, count: 1, fitsByOurData: false },
        ],
      },
      { productId: ids['Brake Caliper'], sku: expect.any(String), name: 'Brake Caliper', returns: 1, vehicles: [{ vehicleId: '11', label: COROLLA.label, count: 1, fitsByOurData: false }] },
    ]);
  });

  it("names the part by the catalog's part number; an archived part stays on the list, a removed one leaves it", async () => {
    await aReturn('requested', [{ part: 'Drum', reason: 'doesnt_fit', vehicle: CIVIC, fits: true }]);
    const caliper = await call(server.app, 'GET', `/api/admin/products/${ids['Brake Caliper']}`, { token: admin.token });
    expect((await list()).find((part) => part.name === 'Brake Caliper')?.sku).toBe(caliper.json().sku);
    expect((await list()).map((part) => part.name)).toEqual(['Headlight', 'Alternator', 'Brake Caliper', 'Drum']);
    expect((await call(server.app, 'PATCH', `/api/products/${ids['Brake Caliper']}`, { token: admin.token, body: { active: false } })).statusCode).toBe(200);
    expect((await call(server.app, 'DELETE', `/api/products/${ids.Drum}`, { token: admin.token })).statusCode).toBe(200);
    expect((await list()).map((part) => [part.name, part.returns])).toEqual([
      ['Headlight', 3],
      ['Alternator', 2],
      ['Brake Caliper', 1],
    ]);
  });

  it("counts what the buyers' own requests recorded: the vehicle as they named it and whether our data said the part fits it", async () => {
    const fogLamp = await createProduct(server.app, admin, { name: 'Fog Lamp', price: 10, stock: 100, min: 1 });
    const [corolla, civic] = await createVehicles(server.db.kysely, [
      { year: 2015, make: 'Toyota', model: 'Corolla', submodel: 'LE', engine: '1.8L I4' },
      { year: 2016, make: 'Honda', model: 'Civic', submodel: 'EX', engine: '2.0L I4' },
    ]);
    // Our data says the lamp fits Corollas of 2014–2016, not the Civic.
    await writeApplications(server.db.kysely, [
      { productId: Number(fogLamp), applications: [{ yearFrom: 2014, yearTo: 2016, make: 'Toyota', model: 'Corolla', submodel: '', engine: '', qualifier: '', position: '', quantity: 1, partTypeId: null }] },
    ]);
    const placed = await call(server.app, 'POST', '/api/orders', { token: buyer.token, body: { phone: '+1 555 0100', shippingAddress: TEST_ADDRESS, lines: [{ productId: fogLamp, quantity: 3 }] } });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json()._id as string;
    expect((await payWithTestCard(server.app, buyer, order)).statusCode).toBe(200);
    const shipped = await call(server.app, 'POST', `/api/orders/${order}/shipments`, {
      token: admin.token,
      body: { lines: [{ productId: Number(fogLamp), quantity: 3 }], carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const ask = async (vehicleId: number) => {
      const asked = await call(server.app, 'POST', `/api/orders/${order}/returns`, { token: buyer.token, body: { lines: [{ productId: Number(fogLamp), quantity: 1, reason: 'doesnt_fit', vehicleId }] } });
      expect(asked.statusCode, asked.body).toBe(201);
      return asked.json() as { id: string; lines: { vehicle: string }[] };
    };
    const onCorolla = await ask(corolla!.id);
    const onCivic = await ask(civic!.id);
    const rejected = await ask(civic!.id);
    expect((await call(server.app, 'POST', `/api/returns/${rejected.id}/reject`, { token: admin.token, body: { reason: 'It fits: mounted upside down' } })).statusCode).toBe(200);

    expect((await list()).find((part) => part.productId === fogLamp)).toEqual({
      productId: fogLamp,
      sku: expect.any(String),
      name: 'Fog Lamp',
      returns: 2,
      vehicles: [
        // One return each, so by name: the 2015 Corolla before the 2016 Civic (the rejected Civic return not counted).
        { vehicleId: String(corolla!.id), label: onCorolla.lines[0]!.vehicle, count: 1, fitsByOurData: true },
        { vehicleId: String(civic!.id), label: onCivic.lines[0]!.vehicle, count: 1, fitsByOurData: false },
      ],
    });
    expect(onCorolla.lines[0]!.vehicle).toBe('2015 Toyota Corolla LE 1.8L I4');
  });

  it('is for admins only', async () => {
    expect((await call(server.app, 'GET', '/api/admin/fitment-quality')).statusCode).toBe(401);
    expect((await call(server.app, 'GET', '/api/admin/fitment-quality', { token: buyer.token })).statusCode).toBe(403);
  });
});
