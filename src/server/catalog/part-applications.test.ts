import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application, Product, Vehicle } from '../../shared/api.js';
import { errorMessages } from '../../shared/messages.js';
import { fieldMessages } from '../../shared/schemas.js';
import { createVehicles } from '../fitment/service.js';
import { type Account, call, databaseKind, registerAdmin, startTestServer, type TestServer, validProduct } from '../test/harness.js';

type Page = { items: Product[] };
const m = errorMessages.fitmentImport;

/** The product form's fitment and numbers: POST and PATCH /api/products with `applications` (replacing the part's) and `numbers`. */
describe(`a part's applications set with the part (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let vehicles: Record<'corolla2015' | 'corolla2021' | 'civic2016', Vehicle>;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    const [corolla2015, corolla2021, civic2016] = await createVehicles(server.db.kysely, [
      { year: 2015, make: 'Toyota', model: 'Corolla', submodel: 'LE', engine: '1.8L I4' },
      { year: 2021, make: 'Toyota', model: 'Corolla', submodel: 'LE', engine: '1.8L I4' },
      { year: 2016, make: 'Honda', model: 'Civic', submodel: 'EX', engine: '2.0L I4' },
    ]);
    vehicles = { corolla2015: corolla2015!, corolla2021: corolla2021!, civic2016: civic2016! };
  });
  afterAll(() => server.close());

  const post = (body: object) => call(server.app, 'POST', '/api/products', { token: admin.token, body: { ...validProduct, ...body } });
  const patch = (id: string, body: object) => call(server.app, 'PATCH', `/api/products/${id}`, { token: admin.token, body });
  const fitment = async (id: string) => (await call(server.app, 'GET', `/api/products/${id}/fitment`)).json() as Application[];
  const fitting = async (vehicle: Vehicle) =>
    ((await call(server.app, 'GET', `/api/products?vehicle=${vehicle.id}&limit=100`)).json() as Page).items.map((p) => p.sku);
  const found = async (q: string) => ((await call(server.app, 'GET', `/api/products?q=${encodeURIComponent(q)}&limit=100`)).json() as Page).items.map((p) => p.sku);

  it('adds a part with two applications and an OE number: it fits those vehicles (spelled as the base spells them) and its OE number finds it', async () => {
    const response = await post({
      name: 'Cabin Filter',
      sku: 'CF-100',
      applications: [
        { yearFrom: 2014, yearTo: 2016, make: 'toyota', model: 'COROLLA', position: 'front' },
        { yearFrom: '2016', yearTo: '2016', make: 'Honda', model: 'Civic', submodel: 'EX', qualifier: 'with air conditioning' },
      ],
      numbers: [{ type: 'oe', brand: 'Toyota', number: '87139-02090' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const part = response.json() as Product;
    expect(part.numbers).toEqual([{ type: 'oe', brand: 'Toyota', number: '87139-02090' }]);
    expect(await fitment(part._id)).toEqual([
      { yearFrom: 2016, yearTo: 2016, make: 'Honda', model: 'Civic', submodel: 'EX', engine: '', qualifier: 'with air conditioning', position: '', quantity: 1, partTypeId: null },
      { yearFrom: 2014, yearTo: 2016, make: 'Toyota', model: 'Corolla', submodel: '', engine: '', qualifier: '', position: 'Front', quantity: 1, partTypeId: null },
    ]);
    expect(await fitting(vehicles.corolla2015)).toEqual(['CF-100']);
    expect(await fitting(vehicles.civic2016)).toEqual(['CF-100']);
    expect(await fitting(vehicles.corolla2021)).toEqual([]);
    // However the buyer types it.
    expect(await found('8713902090')).toEqual(['CF-100']);
    expect((await call(server.app, 'GET', '/api/parts/lookup?number=87139-02090')).json()).toMatchObject({ matchedAs: 'oe', product: { sku: 'CF-100' } });
  });

  it("replaces a part's applications on PATCH (an empty list removes them all), keeping its numbers when they are not sent", async () => {
    const part = (await post({ name: 'Wiper Blade', sku: 'WB-1', applications: [{ yearFrom: 2015, yearTo: 2015, make: 'Toyota', model: 'Corolla' }], numbers: [{ type: 'oe', brand: '', number: 'OE-WB-1' }] })).json() as Product;
    expect(await fitting(vehicles.corolla2015)).toContain('WB-1');

    const replaced = await patch(part._id, { applications: [{ yearFrom: 2021, yearTo: 2021, make: 'Toyota', model: 'Corolla', engine: '1.8L I4' }] });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().numbers).toEqual([{ type: 'oe', brand: '', number: 'OE-WB-1' }]);
    expect((await fitment(part._id)).map((a) => [a.yearFrom, a.yearTo, a.engine])).toEqual([[2021, 2021, '1.8L I4']]);
    expect(await fitting(vehicles.corolla2015)).not.toContain('WB-1');
    expect(await fitting(vehicles.corolla2021)).toContain('WB-1');

    expect((await patch(part._id, { applications: [] })).statusCode).toBe(200);
    expect(await fitment(part._id)).toEqual([]);
    expect(await fitting(vehicles.corolla2021)).not.toContain('WB-1');
  });

  it("keeps an application's quantity and part type (from an ACES file) when the form sends it back unchanged", async () => {
    const part = (await post({ name: 'Spark Plug', sku: 'SP-4' })).json() as Product;
    await server.app.inject({
      method: 'POST',
      url: '/api/fitment/import',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${admin.token}` },
      payload: 'sku,year_from,year_to,make,model,qty,part_type\nSP-4,2015,2015,Toyota,Corolla,4,7212\n',
    });
    const kept = { yearFrom: 2015, yearTo: 2015, make: 'Toyota', model: 'Corolla' };
    await patch(part._id, { applications: [kept, { yearFrom: 2016, yearTo: 2016, make: 'Honda', model: 'Civic' }] });
    expect((await fitment(part._id)).map((a) => [a.make, a.quantity, a.partTypeId])).toEqual([
      ['Honda', 1, null],
      ['Toyota', 4, 7212],
    ]);
  });

  it("refuses bad rows with 400 naming the row's field, and writes nothing of the part", async () => {
    const cases: [object[], Record<string, string>][] = [
      [[{ yearFrom: 2015, yearTo: 2015, make: 'Toyota', model: 'Corolla' }, { yearFrom: 2016, yearTo: 2014, make: 'Toyota', model: 'Corolla' }], { 'applications.1.yearTo': fieldMessages.yearsReversed }],
      [[{ yearFrom: 1949, yearTo: 2015, make: '', model: 'Corolla' }], { 'applications.0.yearFrom': fieldMessages.yearInvalid, 'applications.0.make': fieldMessages.makeRequired }],
      [[{ yearFrom: 2015, yearTo: 2015, make: 'Toyota', model: 'Corolla', position: 'Roof' }], { 'applications.0.position': fieldMessages.positionInvalid }],
      [[{ yearFrom: 2015, yearTo: 2015, make: 'Toyota', model: 'Corolla' }, { yearFrom: 2015, yearTo: 2015, make: 'TOYOTA', model: 'corolla' }], { 'applications.1': fieldMessages.applicationRepeated }],
      // Checked against the vehicle base, as the fitment file import checks them.
      [[{ yearFrom: 2015, yearTo: 2015, make: 'Toyota', model: 'Corolla' }, { yearFrom: 2015, yearTo: 2015, make: 'Toyota', model: 'Supra' }], { 'applications.1.model': m.modelUnknown('Toyota', 'Supra') }],
      [[{ yearFrom: 2017, yearTo: 2019, make: 'Toyota', model: 'Corolla' }], { 'applications.0.yearFrom': m.yearsOutsideBase('Toyota', 'Corolla', '2015, 2021') }],
    ];
    for (const [applications, fields] of cases) {
      const response = await post({ name: 'Refused Part', sku: 'RF-1', applications });
      expect(response.statusCode, JSON.stringify(applications)).toBe(400);
      expect(response.json().error.fields).toEqual(fields);
    }
    const tooMany = Array.from({ length: 501 }, (_, i) => ({ yearFrom: 2015, yearTo: 2015, make: 'Toyota', model: 'Corolla', qualifier: `#${i}` }));
    expect((await post({ name: 'Refused Part', sku: 'RF-1', applications: tooMany })).json().error.fields).toEqual({ applications: fieldMessages.applicationsTooMany(500) });
    // Nothing was added: the part's number is still free.
    expect(await found('RF-1')).toEqual([]);

    const part = (await post({ name: 'Mirror', sku: 'MI-1', applications: [{ yearFrom: 2015, yearTo: 2015, make: 'Toyota', model: 'Corolla' }] })).json() as Product;
    const refused = await patch(part._id, { name: 'Mirror Glass', applications: [{ yearFrom: 2015, yearTo: 2015, make: 'Toyota', model: 'Yaris' }] });
    expect(refused.json().error.fields).toEqual({ 'applications.0.model': m.modelUnknown('Toyota', 'Yaris') });
    expect((await call(server.app, 'GET', `/api/products/${part._id}`)).json().name).toBe('Mirror');
    expect((await fitment(part._id)).map((a) => a.model)).toEqual(['Corolla']);
  });

  it('lists a part added with no stock as out of stock, and with no picture with the shop\'s own', async () => {
    const response = await post({ name: 'Backorder Part', sku: 'BO-1', stock: '0', min: '2', img: '' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ stock: 0, min: 2, img: '/images/product-fallback.svg' });
  });
});
