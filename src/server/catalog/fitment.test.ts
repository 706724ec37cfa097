import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, Vehicle } from '../../shared/api.js';
import { type ApplicationRange, applicationFits, type VehicleIdentity } from '../../shared/fitment.js';
import { createVehicles } from '../fitment/service.js';
import { type Account, call, createProduct, databaseKind, registerAdmin, startTestServer, type TestServer } from '../test/harness.js';

type Page = { items: Product[]; nextCursor: string | null };

const corolla = (year: number, submodel = 'LE', engine = '1.8L I4'): VehicleIdentity => ({ year, make: 'Toyota', model: 'Corolla', submodel, engine });

/** Applications as an admin's file has them: `sku,year_from,year_to,make,model,submodel,engine,qualifier,position`. */
function applicationsFile(rows: (string | number)[][]): string {
  return stringify([['sku', 'year_from', 'year_to', 'make', 'model', 'submodel', 'engine', 'qualifier', 'position'], ...rows.map((r) => r.map(String))]);
}

function useFitmentServer() {
  const ctx = {} as { server: TestServer; admin: Account; vehicles: Map<string, Vehicle> };
  beforeAll(async () => {
    ctx.server = await startTestServer();
    ctx.admin = await registerAdmin(ctx.server);
  });
  afterAll(() => ctx.server.close());
  const helpers = {
    /** Adds vehicles to the base (the fitment domain's service), answering their ids by "year submodel engine". */
    addVehicles: async (vehicles: VehicleIdentity[]) => {
      const created = await createVehicles(ctx.server.db.kysely, vehicles);
      return new Map(created.map((v) => [`${v.year} ${v.make} ${v.model} ${v.submodel} ${v.engine}`.trim(), v]));
    },
    part: (sku: string, name = sku) => createProduct(ctx.server.app, ctx.admin, { sku, name }),
    importApplications: async (rows: (string | number)[][]) => {
      const response = await ctx.server.app.inject({
        method: 'POST',
        url: '/api/fitment/import',
        headers: { 'content-type': 'text/csv', authorization: `Bearer ${ctx.admin.token}` },
        payload: applicationsFile(rows),
      });
      expect(response.json().errors, response.body).toEqual([]);
      return response.json();
    },
    list: async (query: string, path = '/api/products') => {
      const response = await call(ctx.server.app, 'GET', `${path}?${query}`, { token: ctx.admin.token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Page;
    },
  };
  return { ctx, ...helpers };
}

describe(`applications and the vehicle filter (${databaseKind})`, () => {
  const { ctx, addVehicles, part, importApplications, list } = useFitmentServer();
  let ids: Record<string, number>;
  let parts: Record<string, string>;

  beforeAll(async () => {
    const vehicles = await addVehicles([
      ...[2013, 2014, 2015, 2019, 2020].map((year) => corolla(year)),
      corolla(2015, 'SE', '2.0L I4'),
      { year: 2015, make: 'Honda', model: 'Civic', submodel: 'LX', engine: '2.0L I4' },
    ]);
    const id = (key: string) => vehicles.get(key)!.id;
    ids = {
      corolla2013: id('2013 Toyota Corolla LE 1.8L I4'),
      corolla2014: id('2014 Toyota Corolla LE 1.8L I4'),
      corolla2015: id('2015 Toyota Corolla LE 1.8L I4'),
      corolla2015se: id('2015 Toyota Corolla SE 2.0L I4'),
      corolla2019: id('2019 Toyota Corolla LE 1.8L I4'),
      corolla2020: id('2020 Toyota Corolla LE 1.8L I4'),
      civic: id('2015 Honda Civic LX 2.0L I4'),
    };
    parts = {
      pads: await part('FIT-PADS', 'Front Pads'),
      lamp: await part('FIT-LAMP', 'Headlamp'),
      plug: await part('FIT-PLUG', 'Spark Plug 2.0'),
      civic: await part('FIT-CIVIC', 'Civic Wiper'),
      none: await part('FIT-NONE', 'Fits Nothing'),
    };
    await importApplications([
      ['FIT-PADS', 2014, 2019, 'toyota', 'COROLLA', '', '', '', 'front'],
      ['FIT-LAMP', 2015, 2016, 'Toyota', 'Corolla', 'LE', '', 'with halogen headlights', 'Left'],
      ['FIT-LAMP', 2014, 2015, 'Toyota', 'Corolla', 'le', '1.8l i4', 'without sport suspension', 'Right'],
      ['FIT-LAMP', 2015, 2015, 'Toyota', 'Corolla', 'SE', '', 'with xenon headlights', 'Left'],
      ['FIT-PLUG', 2014, 2019, 'Toyota', 'Corolla', '', '2.0L I4', '', ''],
      ['FIT-CIVIC', 2014, 2015, 'Honda', 'Civic', '', '', '', 'Rear'],
    ]);
  });

  const skusFitting = async (vehicle: number, extra = '') => (await list(`vehicle=${vehicle}&limit=100${extra}`)).items.map((p) => p.sku);

  it('includes both ends of a year range and nothing outside it', async () => {
    expect(await skusFitting(ids.corolla2013!)).toEqual([]);
    expect(await skusFitting(ids.corolla2014!)).toEqual(['FIT-LAMP', 'FIT-PADS']);
    expect(await skusFitting(ids.corolla2019!)).toEqual(['FIT-PADS']);
    expect(await skusFitting(ids.corolla2020!)).toEqual([]);
  });

  it('matches a submodel or engine only when the application names one, in any case', async () => {
    expect(await skusFitting(ids.corolla2015!)).toEqual(['FIT-LAMP', 'FIT-PADS']);
    expect(await skusFitting(ids.corolla2015se!)).toEqual(['FIT-PLUG', 'FIT-LAMP', 'FIT-PADS']);
    expect(await skusFitting(ids.civic!)).toEqual(['FIT-CIVIC']);
  });

  it('says how each part fits: the qualifiers and positions of every application that covers the vehicle', async () => {
    const fitment = async (vehicle: number) => Object.fromEntries((await list(`vehicle=${vehicle}&limit=100`)).items.map((p) => [p.sku, p.fitment]));
    expect(await fitment(ids.corolla2015!)).toEqual({
      'FIT-LAMP': { fits: true, qualifier: 'with halogen headlights; without sport suspension', position: 'Left; Right' },
      'FIT-PADS': { fits: true, qualifier: '', position: 'Front' },
    });
    expect((await fitment(ids.corolla2015se!))['FIT-LAMP']).toEqual({ fits: true, qualifier: 'with xenon headlights', position: 'Left' });
    expect((await fitment(ids.corolla2014!))['FIT-LAMP']).toEqual({ fits: true, qualifier: 'without sport suspension', position: 'Right' });
    expect((await fitment(ids.civic!))['FIT-CIVIC']).toEqual({ fits: true, qualifier: '', position: 'Rear' });
  });

  it('with fitsOnly=false lists every part, saying whether it fits; a part that fits nothing fits no vehicle', async () => {
    const all = (await list(`vehicle=${ids.corolla2015}&fitsOnly=false&limit=100`)).items;
    expect(all.map((p) => [p.sku, p.fitment?.fits])).toEqual([
      ['FIT-NONE', false],
      ['FIT-CIVIC', false],
      ['FIT-PLUG', false],
      ['FIT-LAMP', true],
      ['FIT-PADS', true],
    ]);
    expect(all[0]!.fitment).toEqual({ fits: false, qualifier: '', position: '' });
    for (const vehicle of Object.values(ids)) expect(await skusFitting(vehicle), String(vehicle)).not.toContain('FIT-NONE');
    expect((await list('limit=100')).items.every((p) => p.fitment === undefined)).toBe(true);
  });

  it('pages through the parts that fit, and combines with the other filters', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: Page = await list(`vehicle=${ids.corolla2015se}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items).toHaveLength(1);
      seen.push(page.items[0]!.sku);
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['FIT-PLUG', 'FIT-LAMP', 'FIT-PADS']);
    expect(await skusFitting(ids.corolla2015se!, '&sort=name')).toEqual(['FIT-PADS', 'FIT-LAMP', 'FIT-PLUG']);
    expect(await skusFitting(ids.corolla2015se!, '&q=pads')).toEqual(['FIT-PADS']);
    const legacy = (await call(ctx.server.app, 'GET', `/api/products?vehicle=${ids.corolla2015se}`)).json() as Product[];
    expect(legacy.map((p) => p.sku)).toEqual(['FIT-PLUG', 'FIT-LAMP', 'FIT-PADS']);
  });

  it('leaves archived parts out for the shop and lists them for admins, with the same filter', async () => {
    await call(ctx.server.app, 'PATCH', `/api/products/${parts.plug}`, { token: ctx.admin.token, body: { active: false } });
    expect(await skusFitting(ids.corolla2015se!)).toEqual(['FIT-LAMP', 'FIT-PADS']);
    const admin = (await list(`vehicle=${ids.corolla2015se}&status=archived`, '/api/admin/products')).items;
    expect(admin.map((p) => [p.sku, p.fitment])).toEqual([['FIT-PLUG', { fits: true, qualifier: '', position: '' }]]);
    await call(ctx.server.app, 'PATCH', `/api/products/${parts.plug}`, { token: ctx.admin.token, body: { active: true } });
  });

  it('answers 404 for a vehicle the base does not have and 400 for one that is not an id', async () => {
    expect((await call(ctx.server.app, 'GET', '/api/products?vehicle=999999')).statusCode).toBe(404);
    expect((await call(ctx.server.app, 'GET', '/api/products?vehicle=corolla')).statusCode).toBe(400);
    expect((await call(ctx.server.app, 'GET', `/api/products?vehicle=${ids.civic}&fitsOnly=maybe`)).statusCode).toBe(400);
  });

  it("lists a part's applications by make, model and first year; a part with none has an empty list; 404 when not for sale", async () => {
    const fitment = async (id: string) => call(ctx.server.app, 'GET', `/api/products/${id}/fitment`);
    expect((await fitment(parts.lamp!)).json()).toEqual([
      { yearFrom: 2014, yearTo: 2015, make: 'Toyota', model: 'Corolla', submodel: 'le', engine: '1.8l i4', qualifier: 'without sport suspension', position: 'Right', quantity: 1, partTypeId: null },
      { yearFrom: 2015, yearTo: 2015, make: 'Toyota', model: 'Corolla', submodel: 'SE', engine: '', qualifier: 'with xenon headlights', position: 'Left', quantity: 1, partTypeId: null },
      { yearFrom: 2015, yearTo: 2016, make: 'Toyota', model: 'Corolla', submodel: 'LE', engine: '', qualifier: 'with halogen headlights', position: 'Left', quantity: 1, partTypeId: null },
    ]);
    expect((await fitment(parts.pads!)).json()).toEqual([
      { yearFrom: 2014, yearTo: 2019, make: 'Toyota', model: 'Corolla', submodel: '', engine: '', qualifier: '', position: 'Front', quantity: 1, partTypeId: null },
    ]);
    expect((await fitment(parts.none!)).json()).toEqual([]);
    expect((await fitment('999999')).statusCode).toBe(404);
    await call(ctx.server.app, 'PATCH', `/api/products/${parts.none}`, { token: ctx.admin.token, body: { active: false } });
    expect((await fitment(parts.none!)).statusCode).toBe(404);
  });

  it('removes a part together with its applications', async () => {
    const gone = await part('FIT-GONE');
    await importApplications([['FIT-GONE', 2014, 2019, 'Toyota', 'Corolla', '', '', '', '']]);
    expect(await skusFitting(ids.corolla2015!)).toContain('FIT-GONE');
    expect((await call(ctx.server.app, 'DELETE', `/api/products/${gone}`, { token: ctx.admin.token })).statusCode).toBe(200);
    expect(await skusFitting(ids.corolla2015!)).not.toContain('FIT-GONE');
  });
});

describe(`the SQL filter agrees with applicationFits (${databaseKind})`, () => {
  const { addVehicles, part, importApplications, list } = useFitmentServer();

  it('on year edges, submodels and engines empty or named, and letter case', async () => {
    const vehicles = [
      ...[2013, 2014, 2015, 2016, 2017].flatMap((year) => [corolla(year), corolla(year, 'SE', '2.0L I4'), corolla(year, '', '')]),
      { year: 2015, make: 'Toyota', model: 'Camry', submodel: 'LE', engine: '1.8L I4' },
    ];
    const base = [...(await addVehicles(vehicles)).values()];
    // One part per application, each written as an admin might type it (the make and model in any case).
    const applications: ApplicationRange[] = [];
    for (const [yearFrom, yearTo] of [[2014, 2014], [2014, 2016], [2016, 2017], [2013, 2017]] as const) {
      for (const submodel of ['', 'LE', 'le', 'SE']) {
        for (const engine of ['', '1.8L I4', '2.0l i4']) applications.push({ yearFrom, yearTo, make: 'TOYOTA', model: 'corolla', submodel, engine });
      }
    }
    const skus = applications.map((_, i) => `AGREE-${i}`);
    for (const sku of skus) await part(sku);
    await importApplications(applications.map((a, i) => [skus[i]!, a.yearFrom, a.yearTo, a.make, a.model, a.submodel, a.engine, '', '']));

    const disagreements: string[] = [];
    for (const vehicle of base) {
      const listed = new Map((await list(`vehicle=${vehicle.id}&fitsOnly=false&limit=100`)).items.map((p) => [p.sku, p.fitment!.fits]));
      const fitting = new Set((await list(`vehicle=${vehicle.id}&limit=100`)).items.map((p) => p.sku));
      applications.forEach((application, i) => {
        const expected = applicationFits(application, vehicle);
        if (listed.get(skus[i]!) !== expected || fitting.has(skus[i]!) !== expected) {
          disagreements.push(`${JSON.stringify(application)} on ${JSON.stringify(vehicle)}: SQL ${listed.get(skus[i]!)}, shared ${expected}`);
        }
      });
    }
    expect(disagreements).toEqual([]);
    expect(applications).toHaveLength(48);
    expect(base).toHaveLength(16);
  });
});
