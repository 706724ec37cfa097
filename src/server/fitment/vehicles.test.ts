/** The vehicle base step by step (year → make → model → vehicles) and a VIN, offline and through a fake vPIC. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '../../shared/api.js';
import type { VehicleIdentity } from '../../shared/fitment.js';
import { errorMessages } from '../../shared/messages.js';
import { fieldMessages } from '../../shared/schemas.js';
import { type FakeVpic, startFakeVpic } from '../test/fake-vpic.js';
import { call, databaseKind, startTestServer, type TestServer } from '../test/harness.js';
import { createVehicles } from './service.js';

const v = (year: number, make: string, model: string, submodel: string, engine: string): VehicleIdentity => ({ year, make, model, submodel, engine });

const BASE: VehicleIdentity[] = [
  v(2015, 'Toyota', 'Corolla', 'LE', '1.8L I4'),
  v(2015, 'Toyota', 'Corolla', 'L', '1.8L I4'),
  v(2016, 'Toyota', 'Corolla', 'LE', '1.8L I4'),
  v(2015, 'Toyota', 'Camry', 'XLE', '3.5L V6'),
  v(2015, 'Toyota', 'Camry', 'LE', '2.5L I4'),
  v(2015, 'Honda', 'Civic', 'LX', '1.8L I4'),
  v(2016, 'BMW', '3 Series', '330i', '2.0L I4 Turbo'),
  v(2016, 'BMW', 'X5', 'xDrive35i', '3.0L I6 Turbo'),
  v(2014, 'Ford', 'F-150', 'XLT', '5.0L V8'),
];

const COROLLA_2015 = '2T1BURHE0FC000001';
const CAMRY_2015 = '4T1BF1FK9FU000002';
const ANOTHER_COROLLA_2015 = '2T1BURHE4FC000003';
const BMW_2016 = 'WBA8E1C54GK000001';
const KIA_2016 = 'KNAGM4A70G5000001';
/** Valid check digits; 1M8 (Motor Coach Industries) is not in our table, U is no model year. */
const UNKNOWN_MAKER = '1M8GDM9AXKP042788';
const NO_YEAR = '2T1BURHE4UC000001';

const described = (vehicles: Vehicle[]) => vehicles.map((x) => `${x.year} ${x.make} ${x.model} ${x.submodel} ${x.engine}`);

async function serverWithBase(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer(env);
  await createVehicles(server.db.kysely, BASE);
  return server;
}

describe(`the vehicle base (${databaseKind})`, () => {
  let server: TestServer;
  const get = (url: string) => call(server.app, 'GET', url);
  beforeAll(async () => {
    server = await serverWithBase();
  });
  afterAll(() => server.close());

  it('lists the years it has, newest first', async () => {
    const response = await get('/api/vehicles/years');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([2016, 2015, 2014]);
  });

  it('lists the makes of a year by name, of every year without one', async () => {
    expect((await get('/api/vehicles/makes?year=2015')).json()).toEqual(['Honda', 'Toyota']);
    expect((await get('/api/vehicles/makes')).json()).toEqual(['BMW', 'Ford', 'Honda', 'Toyota']);
    expect((await get('/api/vehicles/makes?year=1999')).json()).toEqual([]);
  });

  it('lists the models of a make typed in any case, of a year or of every year', async () => {
    expect((await get('/api/vehicles/models?year=2015&make=toyota')).json()).toEqual(['Camry', 'Corolla']);
    expect((await get('/api/vehicles/models?year=2016&make=TOYOTA')).json()).toEqual(['Corolla']);
    expect((await get('/api/vehicles/models?make=%20bmw%20')).json()).toEqual(['3 Series', 'X5']);
    expect((await get('/api/vehicles/models?make=Lada')).json()).toEqual([]);
  });

  it("lists a model's vehicles by trim and engine, spelled as the base spells them", async () => {
    const response = await get('/api/vehicles?year=2015&make=toyota&model=COROLLA');
    expect(response.statusCode).toBe(200);
    expect(described(response.json())).toEqual(['2015 Toyota Corolla L 1.8L I4', '2015 Toyota Corolla LE 1.8L I4']);
    expect(Object.keys(response.json()[0]).sort()).toEqual(
      ['baseVehicleId', 'engine', 'engineBaseId', 'id', 'make', 'makeId', 'model', 'modelId', 'subModelId', 'submodel', 'year'],
    );
  });

  it('lists every year of a model, newest first, without a year', async () => {
    expect(described((await get('/api/vehicles?make=Toyota&model=Corolla')).json())).toEqual([
      '2016 Toyota Corolla LE 1.8L I4',
      '2015 Toyota Corolla L 1.8L I4',
      '2015 Toyota Corolla LE 1.8L I4',
    ]);
  });

  it('refuses a year that is no model year, and a list without the make or model it needs', async () => {
    for (const [url, field, message] of [
      ['/api/vehicles/makes?year=soon', 'year', fieldMessages.yearInvalid],
      ['/api/vehicles/makes?year=1900', 'year', fieldMessages.yearInvalid],
      ['/api/vehicles/models?year=2015', 'make', errorMessages.vehicles.makeRequired],
      ['/api/vehicles/models?make=%20%20', 'make', errorMessages.vehicles.makeRequired],
      ['/api/vehicles?year=2015&make=Toyota', 'model', errorMessages.vehicles.modelRequired],
      ['/api/vehicles?model=Corolla', 'make', errorMessages.vehicles.makeRequired],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.fields, url).toEqual({ [field]: message });
    }
  });

  it('lets anyone read it, and shared caches keep it', async () => {
    const response = await get('/api/vehicles/years');
    expect(response.headers['cache-control']).not.toBe('no-store');
    expect(response.headers.etag).toBeDefined();
  });
});

describe(`a VIN, decoded offline (${databaseKind})`, () => {
  let server: TestServer;
  const vin = (text: string) => call(server.app, 'GET', `/api/vehicles/vin/${text}`);
  beforeAll(async () => {
    server = await serverWithBase();
  });
  afterAll(() => server.close());

  it('answers the model year, the make and every vehicle of that year and make (the model it cannot know)', async () => {
    const response = await vin(COROLLA_2015);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ vin: COROLLA_2015, year: 2015, make: 'Toyota' });
    expect(described(answer.vehicles)).toEqual([
      '2015 Toyota Camry LE 2.5L I4',
      '2015 Toyota Camry XLE 3.5L V6',
      '2015 Toyota Corolla L 1.8L I4',
      '2015 Toyota Corolla LE 1.8L I4',
    ]);
  });

  it('reads a VIN typed in lower case and answers it in capitals', async () => {
    const response = await vin(BMW_2016.toLowerCase());
    expect(response.json()).toMatchObject({ vin: BMW_2016, year: 2016, make: 'BMW' });
    expect(response.json().vehicles).toHaveLength(2);
  });

  it('answers no vehicles when it knows the maker but the base has none of that year', async () => {
    expect((await vin(KIA_2016)).json()).toEqual({ vin: KIA_2016, year: 2016, make: 'Kia', vehicles: [] });
  });

  it('refuses a mistyped VIN (check digit) and one that is not a VIN, with the message', async () => {
    for (const [text, message] of [
      ['2T1BURHE1FC000001', fieldMessages.vinCheckDigit],
      ['2T1BURHE0FC000002', fieldMessages.vinCheckDigit],
      ['2T1BURHE0FC00000I', fieldMessages.vinInvalid],
      ['2T1BURHEOFC000001', fieldMessages.vinInvalid],
      ['2T1BURHE0FQ000001', fieldMessages.vinInvalid],
      ['2T1BURHE0FC00001', fieldMessages.vinInvalid],
    ] as const) {
      const response = await vin(text);
      expect(response.statusCode, text).toBe(400);
      expect(response.json().error, text).toMatchObject({ code: 'validation', message, fields: { vin: message } });
    }
  });

  it('answers 404 when the VIN does not tell its maker or its model year', async () => {
    for (const text of [UNKNOWN_MAKER, NO_YEAR]) {
      const response = await vin(text);
      expect(response.statusCode, text).toBe(404);
      expect(response.json().error.message).toBe(errorMessages.vehicles.vinUnknown);
    }
  });
});

describe(`a VIN, decoded by vPIC (a local fake) (${databaseKind})`, () => {
  let server: TestServer;
  let vpic: FakeVpic;
  const vin = (text: string) => call(server.app, 'GET', `/api/vehicles/vin/${text}`);
  beforeAll(async () => {
    vpic = await startFakeVpic();
    vpic.vehicles.set(COROLLA_2015, { Make: 'TOYOTA', Model: 'Corolla', ModelYear: '2015', DisplacementL: '1.8', EngineCylinders: '4' });
    vpic.vehicles.set(CAMRY_2015, { Make: 'TOYOTA', Model: 'Camry', ModelYear: '2015', DisplacementL: '3.456', EngineCylinders: '6' });
    vpic.vehicles.set(BMW_2016, { Make: 'BMW', Model: '3-Series', ModelYear: '2016', DisplacementL: '1.6' });
    vpic.vehicles.set('JTDKN3DU8A0000001', { Make: 'TOYOTA', Model: 'Prius', ModelYear: '2015', DisplacementL: '1.8' });
    server = await serverWithBase({ VIN_DECODER: 'nhtsa', VIN_DECODER_URL: vpic.url });
  });
  afterAll(async () => {
    await server.close();
    await vpic.close();
  });

  it("narrows the year and make's vehicles to the model vPIC names, and to its engine's displacement", async () => {
    const corolla = (await vin(COROLLA_2015)).json();
    expect(corolla).toMatchObject({ vin: COROLLA_2015, year: 2015, make: 'Toyota' });
    expect(described(corolla.vehicles)).toEqual(['2015 Toyota Corolla L 1.8L I4', '2015 Toyota Corolla LE 1.8L I4']);
    expect(described((await vin(CAMRY_2015)).json().vehicles)).toEqual(['2015 Toyota Camry XLE 3.5L V6']);
    expect(vpic.requests).toContain(`/api/vehicles/DecodeVinValues/${CAMRY_2015}`);
  });

  it("matches the model however it is punctuated, and keeps the model's engines when none starts with the displacement", async () => {
    const bmw = (await vin(BMW_2016)).json();
    expect(bmw.make).toBe('BMW');
    expect(described(bmw.vehicles)).toEqual(['2016 BMW 3 Series 330i 2.0L I4 Turbo']);
  });

  it('answers no vehicles for a model the base does not have', async () => {
    expect((await vin('JTDKN3DU8A0000001')).json()).toMatchObject({ year: 2015, make: 'Toyota', vehicles: [] });
  });

  it('answers offline (every model of the year and make) when vPIC fails', async () => {
    vpic.failure = 'status';
    try {
      // A Corolla vPIC has not been asked about yet: one it answered is not asked again for a day.
      const response = await vin(ANOTHER_COROLLA_2015);
      expect(response.statusCode).toBe(200);
      expect(response.json().vehicles).toHaveLength(4);
    } finally {
      vpic.failure = undefined;
    }
  });

  it('answers offline when vPIC cannot be reached at all', async () => {
    const closed = await startFakeVpic();
    await closed.close();
    const unreachable = await serverWithBase({ VIN_DECODER: 'nhtsa', VIN_DECODER_URL: closed.url });
    try {
      const response = await call(unreachable.app, 'GET', `/api/vehicles/vin/${COROLLA_2015}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ year: 2015, make: 'Toyota' });
      expect(response.json().vehicles).toHaveLength(4);
    } finally {
      await unreachable.close();
    }
  });

  it('never asks vPIC about a VIN that fails its check digit', async () => {
    vpic.requests.length = 0;
    expect((await vin('2T1BURHE1FC000001')).statusCode).toBe(400);
    expect(vpic.requests).toEqual([]);
  });
});
