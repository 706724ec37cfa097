import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VCDB_IDS, FIRST_YEAR, lastYear, VCDB_ID_FIELDS, vehicleName } from '../../shared/fitment.js';
import { makeOfWmi, WMI_ENTRIES } from '../fitment/wmi.js';
import { call, databaseKind, startTestServer, type TestServer } from '../test/harness.js';
import { demoVehicles } from './demo-vehicles.js';
import { seedDemoVehicles } from './seed.js';

describe('the demo vehicle base', () => {
  it('holds a few dozen models, one row per year, trim and engine, each once', () => {
    const names = demoVehicles.map((vehicle) => vehicleName(vehicle, true));
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(150);
    expect(names.length).toBeLessThanOrEqual(300);
    expect(new Set(demoVehicles.map((vehicle) => `${vehicle.make} ${vehicle.model}`)).size).toBeGreaterThanOrEqual(24);
  });

  it('gives every vehicle made-up VCdb ids in the demo range: one base vehicle per year, make and model, one id per make, model, submodel and engine', () => {
    const owners = Object.fromEntries(VCDB_ID_FIELDS.map((field) => [field, new Map<number, string>()]));
    const owner = {
      baseVehicleId: (v: (typeof demoVehicles)[number]) => `${v.year} ${v.make} ${v.model}`,
      makeId: (v: (typeof demoVehicles)[number]) => v.make,
      modelId: (v: (typeof demoVehicles)[number]) => `${v.make} ${v.model}`,
      subModelId: (v: (typeof demoVehicles)[number]) => v.submodel,
      engineBaseId: (v: (typeof demoVehicles)[number]) => v.engine,
    };
    for (const vehicle of demoVehicles) {
      for (const field of VCDB_ID_FIELDS) {
        const id = vehicle[field] ?? -1;
        expect(id).toBeGreaterThanOrEqual(DEMO_VCDB_IDS.from);
        expect(id).toBeLessThanOrEqual(DEMO_VCDB_IDS.to);
        const named = owners[field]!.get(id) ?? owner[field](vehicle);
        expect(named, `${field} ${id}`).toBe(owner[field](vehicle));
        owners[field]!.set(id, named);
      }
    }
    expect(demoVehicles.find((v) => v.year === 2015 && v.model === 'Corolla' && v.submodel === 'LE')).toMatchObject({ baseVehicleId: 9000002, subModelId: 9000002 });
  });

  it('has model years the shop knows, engines that begin with their displacement, and makes a VIN names', () => {
    const vinMakes = new Set(WMI_ENTRIES.map(([, make]) => make));
    for (const vehicle of demoVehicles) {
      const name = vehicleName(vehicle, true);
      expect(vehicle.year, name).toBeGreaterThanOrEqual(FIRST_YEAR);
      expect(vehicle.year, name).toBeLessThanOrEqual(lastYear());
      expect(vehicle.engine, name).toMatch(/^(\d\.\dL [IVH]\d\b.*|Electric)$/);
      expect(vinMakes.has(vehicle.make), name).toBe(true);
    }
    expect(makeOfWmi('2T1')).toBe('Toyota');
  });
});

describe(`seeding the demo vehicle base (${databaseKind})`, () => {
  let server: TestServer;
  const get = async (url: string) => {
    const response = await call(server.app, 'GET', url);
    expect(response.statusCode, url).toBe(200);
    return response.json();
  };
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('fills an empty base once', async () => {
    expect(await seedDemoVehicles(server.db.kysely)).toBe(demoVehicles.length);
    expect(await seedDemoVehicles(server.db.kysely)).toBe(0);
  });

  it('lets a buyer pick 2015 → Toyota → Corolla → 1.8L', async () => {
    expect(await get('/api/vehicles/years')).toContain(2015);
    expect(await get('/api/vehicles/makes?year=2015')).toContain('Toyota');
    expect(await get('/api/vehicles/models?year=2015&make=Toyota')).toContain('Corolla');
    const corollas: { engine: string; submodel: string }[] = await get('/api/vehicles?year=2015&make=Toyota&model=Corolla');
    expect(corollas.filter((vehicle) => vehicle.engine.startsWith('1.8L')).map((vehicle) => vehicle.submodel)).toEqual(['L', 'LE', 'SE']);
  });

  it('finds the 2015 Corollas from a VIN', async () => {
    const answer = await get('/api/vehicles/vin/2T1BURHE0FC000001');
    expect(answer).toMatchObject({ year: 2015, make: 'Toyota' });
    expect(answer.vehicles.filter((vehicle: { model: string }) => vehicle.model === 'Corolla')).toHaveLength(3);
  });
});
