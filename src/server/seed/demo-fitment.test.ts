import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product, Vehicle } from '../../shared/api.js';
import { applicationFits, PART_NUMBER_TYPES } from '../../shared/fitment.js';
import { call, databaseKind, startTestServer, type TestServer } from '../test/harness.js';
import { demoProducts } from './demo-data.js';
import { demoFitment } from './demo-fitment.js';
import { demoVehicles } from './demo-vehicles.js';
import { seedDemoCatalog } from './seed.js';

const skus = demoProducts.map((p) => p.sku!);

describe('the demo fitment', () => {
  it('gives every demo part applications and numbers, and names no other part', () => {
    expect(Object.keys(demoFitment).sort()).toEqual([...skus].sort());
    for (const [sku, { applications, numbers }] of Object.entries(demoFitment)) {
      expect(applications.length, sku).toBeGreaterThan(0);
      expect(numbers.length, sku).toBeGreaterThan(0);
    }
    const types = new Set(Object.values(demoFitment).flatMap((f) => f.numbers.map((n) => n.type)));
    expect([...types].sort()).toEqual([...PART_NUMBER_TYPES].sort());
  });

  it('fits vehicles of the demo base only: every application covers at least one of them', () => {
    for (const [sku, { applications }] of Object.entries(demoFitment)) {
      for (const { years, submodel = '', engine = '', ...rest } of applications) {
        const range = { ...rest, yearFrom: years[0], yearTo: years[1], submodel, engine };
        expect(demoVehicles.some((vehicle) => applicationFits(range, vehicle)), `${sku} ${JSON.stringify(range)}`).toBe(true);
      }
    }
  });
});

describe(`seeding the demo fitment (${databaseKind})`, () => {
  let server: TestServer;
  const warn = vi.fn();
  const log = { info: () => undefined, warn } as unknown as FastifyBaseLogger;
  const get = async (url: string) => {
    const response = await call(server.app, 'GET', url);
    expect(response.statusCode, url).toBe(200);
    return response.json();
  };
  beforeAll(async () => {
    server = await startTestServer();
    await seedDemoCatalog(server.db.kysely, log);
  });
  afterAll(() => server.close());

  it('adds the applications and numbers after the parts and the vehicles, without a warning', async () => {
    expect(warn).not.toHaveBeenCalled();
    const parts = (await get('/api/products?limit=100')).items as Product[];
    expect(parts).toHaveLength(demoProducts.length);
    for (const part of parts) {
      expect((await get(`/api/products/${part._id}/fitment`)).length, part.sku).toBeGreaterThan(0);
      expect(part.numbers.length, part.sku).toBeGreaterThan(0);
    }
  });

  it('shows a buyer of a 2015 Corolla 1.8L the parts that fit it, with their qualifiers', async () => {
    const [corolla] = ((await get('/api/vehicles?year=2015&make=Toyota&model=Corolla')) as Vehicle[]).filter((v) => v.submodel === 'LE');
    const fitting = (await get(`/api/products?limit=100&vehicle=${corolla!.id}`)).items as Product[];
    const bySku = new Map(fitting.map((p) => [p.sku, p.fitment]));
    expect(bySku.get('BR-1507')).toEqual({ fits: true, qualifier: '', position: 'Front' });
    expect(bySku.get('LT-4410')).toEqual({ fits: true, qualifier: 'with halogen headlights', position: '' });
    expect(bySku.get('SU-6620-F')).toEqual({ fits: true, qualifier: 'without sport suspension', position: 'Front' });
    expect(bySku.has('BR-1508')).toBe(false);
    expect(fitting.length).toBeGreaterThanOrEqual(10);
  });

  it('finds the brake pads by their OE number and by the number they superseded', async () => {
    expect(await get('/api/parts/lookup?number=04465-02220')).toMatchObject({ matchedAs: 'oe', product: { sku: 'BR-1507' } });
    expect(await get('/api/parts/lookup?number=br1500')).toMatchObject({ matchedAs: 'superseded', number: 'BR-1500', product: { sku: 'BR-1507' } });
    expect((await get('/api/products?limit=10&q=04465-02220')).items.map((p: Product) => p.sku)).toEqual(['BR-1507']);
  });
});
