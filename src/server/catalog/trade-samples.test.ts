import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, Vehicle } from '../../shared/api.js';
import { seedDemoVehicles } from '../seed/seed.js';
import { type Account, call, databaseKind, registerAdmin, startTestServer, type TestServer } from '../test/harness.js';

const sample = (name: string) => readFile(new URL(`../../../docs/samples/${name}`, import.meta.url), 'utf8');

/** The demo files in docs/samples, on the demo vehicles: what staff import on a fresh shop, as the storefront then shows it. */
describe(`the demo ACES and PIES files (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    await seedDemoVehicles(server.db.kysely);
  });
  afterAll(() => server.close());

  const upload = async (url: string, xml: string) => {
    const response = await server.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/xml', authorization: `Bearer ${admin.token}` }, payload: xml });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('import cleanly, and the storefront shows the parts with their specs, interchange numbers and how they fit a 2015 Corolla', async () => {
    expect(await upload('/api/products/import?format=pies', await sample('pies-demo.xml'))).toMatchObject({ created: 2, errors: [] });
    expect(await upload('/api/fitment/import?format=aces', await sample('aces-demo.xml'))).toMatchObject({ created: 4, errors: [] });
    const headlight = (await call(server.app, 'GET', '/api/products/sku/LT-4412-L')).json() as Product;
    expect(headlight).toMatchObject({ name: 'LED Headlight Assembly (left)', weightGrams: 2812, specs: expect.arrayContaining([{ name: 'Side', value: 'Left (driver)' }]) });
    expect(headlight.numbers).toEqual(expect.arrayContaining([{ type: 'interchange', brand: 'Depo', number: '312-1188L-AC' }]));
    const [corolla] = (await call(server.app, 'GET', '/api/vehicles?year=2015&make=Toyota&model=Corolla')).json() as Vehicle[];
    const listed = (await call(server.app, 'GET', `/api/products?vehicle=${corolla!.id}&limit=100`)).json().items as Product[];
    expect(listed.find((p) => p.sku === 'LT-4412-L')?.fitment).toEqual({ fits: true, qualifier: 'with LED headlights', position: 'Front Left' });
    expect(listed.find((p) => p.sku === 'BR-1610-C')?.fitment).toEqual({ fits: true, qualifier: '', position: 'Front' });
  });
});
