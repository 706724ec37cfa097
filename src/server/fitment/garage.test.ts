/** "My garage": the vehicles a signed-in buyer keeps, at most GARAGE_MAX of them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '../../shared/api.js';
import { errorMessages } from '../../shared/messages.js';
import { type Account, call, databaseKind, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';
import { createVehicles, GARAGE_MAX } from './service.js';

describe(`the garage (${databaseKind})`, () => {
  let server: TestServer;
  let vehicles: Vehicle[];
  beforeAll(async () => {
    server = await startTestServer();
    const years = Array.from({ length: GARAGE_MAX + 1 }, (_, i) => 2010 + i);
    vehicles = await createVehicles(
      server.db.kysely,
      years.map((year) => ({ year, make: 'Toyota', model: 'Corolla', submodel: 'LE', engine: '1.8L I4' })),
    );
  });
  afterAll(() => server.close());

  const garage = (account: Account) => call(server.app, 'GET', '/api/garage', { token: account.token });
  const park = (account: Account, id: number) => call(server.app, 'PUT', `/api/garage/${id}`, { token: account.token });
  const unpark = (account: Account, id: number) => call(server.app, 'DELETE', `/api/garage/${id}`, { token: account.token });
  const ids = (list: Vehicle[]) => list.map((vehicle) => vehicle.id);

  it('is for signed-in buyers only', async () => {
    const id = vehicles[0]!.id;
    for (const response of [
      await call(server.app, 'GET', '/api/garage'),
      await call(server.app, 'PUT', `/api/garage/${id}`),
      await call(server.app, 'DELETE', `/api/garage/${id}`),
      await call(server.app, 'GET', '/api/garage', { token: 'not-a-session' }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe(errorMessages.unauthenticated);
    }
  });

  it('starts empty, lists its vehicles newest first, and answers the garage after each change', async () => {
    const buyer = await registerCustomer(server.app);
    expect((await garage(buyer)).json()).toEqual([]);
    const [y2010, y2011, y2012] = vehicles;
    expect(ids((await park(buyer, y2011!.id)).json())).toEqual([y2011!.id]);
    expect(ids((await park(buyer, y2010!.id)).json())).toEqual([y2011!.id, y2010!.id]);
    const afterThird = await park(buyer, y2012!.id);
    expect(afterThird.statusCode).toBe(200);
    expect(afterThird.json()[0]).toEqual(y2012);
    expect(afterThird.headers['cache-control']).toBe('no-store');
    const afterRemoving = await unpark(buyer, y2011!.id);
    expect(afterRemoving.statusCode).toBe(200);
    expect(ids(afterRemoving.json())).toEqual([y2012!.id, y2010!.id]);
    expect(ids((await garage(buyer)).json())).toEqual([y2012!.id, y2010!.id]);
  });

  it('adds a vehicle once however often it is put, and removing one that is not there changes nothing', async () => {
    const buyer = await registerCustomer(server.app);
    const id = vehicles[4]!.id;
    const once = (await park(buyer, id)).json();
    const twice = await park(buyer, id);
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual(once);
    expect(ids(once)).toEqual([id]);
    expect((await unpark(buyer, id)).json()).toEqual([]);
    const again = await unpark(buyer, id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual([]);
  });

  it('refuses a vehicle the base does not have (404) and an id that is none (400)', async () => {
    const buyer = await registerCustomer(server.app);
    for (const response of [await park(buyer, 999_999), await unpark(buyer, 999_999)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(errorMessages.notFound('Vehicle'));
    }
    expect((await call(server.app, 'PUT', '/api/garage/corolla', { token: buyer.token })).statusCode).toBe(400);
    expect((await garage(buyer)).json()).toEqual([]);
  });

  it(`holds at most ${GARAGE_MAX} vehicles: one more is refused with a message, one already there is fine`, async () => {
    const buyer = await registerCustomer(server.app);
    for (const vehicle of vehicles.slice(0, GARAGE_MAX)) expect((await park(buyer, vehicle.id)).statusCode).toBe(200);
    const full = await park(buyer, vehicles[GARAGE_MAX]!.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toMatchObject({ code: 'garage_full', message: errorMessages.vehicles.garageFull(GARAGE_MAX) });
    expect((await park(buyer, vehicles[0]!.id)).statusCode).toBe(200);
    expect((await garage(buyer)).json()).toHaveLength(GARAGE_MAX);
    await unpark(buyer, vehicles[0]!.id);
    expect((await park(buyer, vehicles[GARAGE_MAX]!.id)).statusCode).toBe(200);
  });

  it("keeps each buyer's garage apart", async () => {
    const [ann, bob] = [await registerCustomer(server.app, 'Ann'), await registerCustomer(server.app, 'Bob')];
    await park(ann, vehicles[1]!.id);
    await park(bob, vehicles[2]!.id);
    expect(ids((await garage(ann)).json())).toEqual([vehicles[1]!.id]);
    expect(ids((await garage(bob)).json())).toEqual([vehicles[2]!.id]);
    expect(ids((await unpark(bob, vehicles[1]!.id)).json())).toEqual([vehicles[2]!.id]);
    expect(ids((await garage(ann)).json())).toEqual([vehicles[1]!.id]);
  });
});
