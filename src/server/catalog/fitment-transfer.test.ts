import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POSITIONS } from '../../shared/fitment.js';
import { errorMessages } from '../../shared/messages.js';
import { fieldMessages } from '../../shared/schemas.js';
import { createVehicles } from '../fitment/service.js';
import {
  type Account,
  anotherAppServer,
  call,
  databaseKind,
  registerAdmin,
  registerCustomer,
  startTestServer,
  type TestServer,
  validProduct,
  TEST_ADDRESS,
} from '../test/harness.js';

/**
 * What an import waits for each time it has looked up the parts its file names: the moment another
 * request's work is made to land, between the check of a file and its write.
 */
const lookups = vi.hoisted(() => ({ count: 0, then: undefined as (() => Promise<unknown> | undefined) | undefined }));

vi.mock('./service.js', async (importOriginal) => {
  const service = await importOriginal<typeof import('./service.js')>();
  return {
    ...service,
    productsByPartNumber: async (...args: Parameters<typeof service.productsByPartNumber>) => {
      const found = await service.productsByPartNumber(...args);
      lookups.count += 1;
      await lookups.then?.();
      return found;
    },
  };
});

const m = errorMessages.fitmentImport;
const APPLICATIONS = ['sku', 'year_from', 'year_to', 'make', 'model', 'submodel', 'engine', 'qualifier', 'position'];
/** The export's columns: the ones a file needs, then the ACES quantity and part type (a file without them still imports). */
const EXPORTED = [...APPLICATIONS, 'qty', 'part_type'];
const NUMBERS = ['sku', 'type', 'brand', 'number'];

const file = (header: string[], rows: (string | number)[][]) => stringify([header, ...rows.map((row) => row.map(String))]);

describe(`fitment CSV export and import (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let customer: Account;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    customer = await registerCustomer(server.app);
    await createVehicles(server.db.kysely, [
      ...[2014, 2015, 2016, 2017, 2018, 2019].map((year) => ({ year, make: 'Toyota', model: 'Corolla', submodel: 'LE', engine: '1.8L I4' })),
      ...[2016, 2017, 2019].map((year) => ({ year, make: 'Honda', model: 'Civic', submodel: 'LX', engine: '2.0L I4' })),
      { year: 2016, make: 'Volkswagen', model: 'Golf', submodel: 'Comfortline', engine: '1.4L I4 TSI' },
    ]);
    for (const sku of ['BR-1507', 'LT-4410', 'WP-5522', 'BR-1500']) await createPart(sku);
  });
  afterAll(() => server.close());

  async function createPart(sku: string, body: Record<string, unknown> = {}) {
    const response = await call(server.app, 'POST', '/api/products', { token: admin.token, body: { ...validProduct, name: `Part ${sku}`, sku, ...body } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json()._id as string;
  }
  const importCsv = (csv: string, { kind = '', dryRun = false, token = admin.token, contentType = 'text/csv', app = server.app } = {}) => {
    const query = new URLSearchParams({ ...(kind ? { kind } : {}), ...(dryRun ? { dryRun: 'true' } : {}) }).toString();
    return app.inject({
      method: 'POST',
      url: `/api/fitment/import${query ? `?${query}` : ''}`,
      headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: csv,
    });
  };
  const exportCsv = (query = '', token = admin.token) => call(server.app, 'GET', `/api/fitment/export.csv${query}`, { token });
  const tables = async () => ({
    applications: await server.db.kysely.selectFrom('applications').selectAll().orderBy('id').execute(),
    numbers: await server.db.kysely.selectFrom('product_numbers').selectAll().orderBy('id').execute(),
    products: await server.db.kysely.selectFrom('products').selectAll().orderBy('id').execute(),
  });

  it('imports applications, the make and model as the base spells them, and exports them back by part', async () => {
    const rows = [
      ['BR-1507', 2014, 2019, 'toyota', 'COROLLA', '', '', '', 'front'],
      ['br 1507', 2016, 2019, 'Honda', 'Civic', 'LX', '', 'without sport suspension', 'Front'],
      ['LT-4410', 2015, 2017, 'Toyota', 'Corolla', 'LE', '1.8L I4', 'with halogen headlights', 'Left'],
    ];
    const dryRun = await importCsv(file(APPLICATIONS, rows), { dryRun: true });
    expect(dryRun.json()).toEqual({ created: 2, updated: 0, unchanged: 0, errors: [] });
    expect((await tables()).applications).toEqual([]);

    const real = await importCsv(file(APPLICATIONS, rows));
    expect(real.statusCode).toBe(200);
    expect(real.json()).toEqual({ created: 2, updated: 0, unchanged: 0, errors: [] });

    const exported = await exportCsv();
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="partsmith-fitment-${new Date().toISOString().slice(0, 10)}.csv"`);
    expect(parse(exported.body)).toEqual([
      EXPORTED,
      ['BR-1507', '2016', '2019', 'Honda', 'Civic', 'LX', '', 'without sport suspension', 'Front', '1', ''],
      ['BR-1507', '2014', '2019', 'Toyota', 'Corolla', '', '', '', 'Front', '1', ''],
      ['LT-4410', '2015', '2017', 'Toyota', 'Corolla', 'LE', '1.8L I4', 'with halogen headlights', 'Left', '1', ''],
    ]);
    const audit = (await call(server.app, 'GET', '/api/audit', { token: admin.token })).json();
    expect(audit[0]).toMatchObject({ action: 'product.import', target: 'applications import: parts 2 created, 0 updated, 0 unchanged' });
  });

  it('checks a file before it writes: another import writes meanwhile, and the parts it changes are compared again when written', async () => {
    await importCsv(file(APPLICATIONS, [['BR-1500', 2014, 2019, 'Toyota', 'Corolla', '', '', '', 'Rear']]));
    const gets = ['BR-1500', 2016, 2017, 'Honda', 'Civic', '', '', '', 'Rear'];
    const keeps = ['LT-4410', 2015, 2017, 'Toyota', 'Corolla', 'LE', '1.8L I4', 'with halogen headlights', 'Left'];
    // Once the check has looked up the file's parts, the import waits up to a second while another import gives
    // BR-1500 the file's list: on another app server, as imports take turns within one.
    const otherServer = await anotherAppServer(server);
    const checkBegan = lookups.count;
    let meanwhile: Promise<number> | undefined;
    lookups.then = () => {
      if (lookups.count !== checkBegan + 1) return undefined;
      meanwhile = importCsv(file(APPLICATIONS, [gets]), { app: otherServer }).then(() => performance.now());
      return Promise.race([meanwhile, new Promise((resolve) => setTimeout(resolve, 1000))]);
    };
    const response = await importCsv(file(APPLICATIONS, [gets, keeps])).finally(() => {
      lookups.then = undefined;
      return otherServer.close();
    });
    const answeredAt = performance.now();

    expect(await meanwhile).toBeLessThan(answeredAt);
    expect(response.json()).toEqual({ created: 0, updated: 0, unchanged: 2, errors: [] });
    const exported = parse((await exportCsv()).body) as string[][];
    expect(exported.filter((r) => r[0] === 'BR-1500')).toEqual([[...gets.map(String), '1', '']]);
    expect((await importCsv('sku,year_from,year_to,make,model\nBR-1500,,,,\n')).json()).toMatchObject({ updated: 1, errors: [] });
  });

  it('reads its own export back as unchanged (with BOM, CRLF or LF) and counts parts created, updated and unchanged', async () => {
    const before = await tables();
    const exported = (await exportCsv('?bom=true')).body;
    expect(exported.charCodeAt(0)).toBe(0xfeff);
    for (const csv of [exported, exported.replaceAll('\r\n', '\n')]) {
      expect((await importCsv(csv)).json()).toEqual({ created: 0, updated: 0, unchanged: 2, errors: [] });
    }
    expect(await tables()).toEqual(before);

    // The file lists the applications of the parts it names: BR-1507 loses its Civic row, WP-5522 gets its first.
    const response = await importCsv(
      file(APPLICATIONS, [
        ['BR-1507', 2014, 2019, 'Toyota', 'Corolla', '', '', '', 'Front'],
        ['WP-5522', 2016, 2016, 'volkswagen', 'golf', '', '', '', ''],
      ]),
    );
    expect(response.json()).toEqual({ created: 1, updated: 1, unchanged: 0, errors: [] });
    const after = parse((await exportCsv()).body) as string[][];
    expect(after.slice(1).map((r) => r.slice(0, 5))).toEqual([
      ['BR-1507', '2014', '2019', 'Toyota', 'Corolla'],
      ['LT-4410', '2015', '2017', 'Toyota', 'Corolla'],
      ['WP-5522', '2016', '2016', 'Volkswagen', 'Golf'],
    ]);

    // A row with only the part number: the part fits nothing now.
    expect((await importCsv('sku,year_from,year_to,make,model\nWP-5522,,,,\n')).json()).toEqual({ created: 0, updated: 1, unchanged: 0, errors: [] });
    expect((parse((await exportCsv()).body) as string[][]).map((r) => r[0])).not.toContain('WP-5522');
  });

  it('reports every problem by row and column, writes nothing, and answers 422 for a real import', async () => {
    // Removing a part someone ordered hides it, its number kept for the order.
    const gone = await createPart('GONE-1');
    const order = { productId: gone, quantity: validProduct.min, phone: '5550100', shippingAddress: TEST_ADDRESS };
    expect((await call(server.app, 'POST', '/api/orders', { token: customer.token, body: order })).statusCode).toBe(201);
    expect((await call(server.app, 'DELETE', `/api/products/${gone}`, { token: admin.token })).statusCode).toBe(200);
    const before = await tables();
    const rows = [
      ['BR-1507', 2015, 2018, 'Toyota', 'Corolla', '', '', 'ok row', 'Rear'],
      ['NOPE-1', 2015, 2018, 'Toyota', 'Corolla', '', '', '', ''],
      ['', 2015, 2018, 'Toyota', 'Corolla', '', '', '', ''],
      ['LT-4410', 1949, 'soon', 'Toyota', 'Corolla', '', '', '', ''],
      ['LT-4410', 2018, 2015, 'Toyota', 'Corolla', '', '', '', ''],
      ['LT-4410', 2015, 2018, 'Toyota', 'Carolla', '', '', '', ''],
      ['LT-4410', 2010, 2013, 'Toyota', 'Corolla', '', '', '', ''],
      ['LT-4410', 2015, 2018, '', '', '', '', 'x'.repeat(201), 'Middle'],
      ['BR-1507', 2015, 2018, 'toyota', 'corolla', '', '', 'ok row', 'rear'],
      ['GONE-1', 2015, 2018, 'Toyota', 'Corolla', '', '', '', ''],
      // Fine: the base has the Civic of 2019, within 2018–2021.
      ['LT-4410', 2018, 2021, 'Honda', 'Civic', '', '', '', ''],
    ];
    const problems = [
      { row: 3, column: 'sku', message: m.skuUnknown('NOPE-1') },
      { row: 4, column: 'sku', message: m.skuRequired },
      { row: 5, column: 'year_from', message: fieldMessages.yearInvalid },
      { row: 5, column: 'year_to', message: fieldMessages.yearInvalid },
      { row: 6, column: 'year_to', message: m.yearsReversed(2018, 2015) },
      { row: 7, column: 'model', message: m.modelUnknown('Toyota', 'Carolla') },
      { row: 8, column: 'year_from', message: m.yearsOutsideBase('Toyota', 'Corolla', '2014–2019') },
      { row: 9, column: 'make', message: m.makeRequired },
      { row: 9, column: 'model', message: m.modelRequired },
      { row: 9, column: 'qualifier', message: fieldMessages.tooLong(200) },
      { row: 9, column: 'position', message: m.positionInvalid(POSITIONS.filter((p) => p !== '')) },
      { row: 10, column: '', message: m.applicationRepeated(2) },
      { row: 11, column: 'sku', message: errorMessages.catalogImport.skuOfRemovedPart('GONE-1') },
    ];
    const dryRun = await importCsv(file(APPLICATIONS, rows), { dryRun: true });
    expect(dryRun.statusCode).toBe(200);
    expect(dryRun.json().errors).toEqual(problems);
    const real = await importCsv(file(APPLICATIONS, rows));
    expect(real.statusCode).toBe(422);
    expect(real.json()).toEqual({ ...dryRun.json(), error: { code: 'import_refused', message: errorMessages.catalogImport.refused(problems.length) } });
    expect(await tables()).toEqual(before);
  });

  it('names what is wrong with the file itself, as the catalog import does', async () => {
    const cases: [string, string, { row: number; column: string; message: string }[]][] = [
      ['', '', [{ row: 1, column: '', message: errorMessages.catalogImport.empty }]],
      ['', 'sku,year_from,year_to,make\n', [{ row: 1, column: '', message: m.missingColumns(['model'], ['sku', 'year_from', 'year_to', 'make', 'model']) }]],
      ['', 'sku,year_from,year_to,make,model,colour\n', [{ row: 1, column: '', message: errorMessages.catalogImport.unknownColumns(['colour'], EXPORTED) }]],
      ['numbers', 'sku,type,brand\n', [{ row: 1, column: '', message: m.missingColumns(['number'], ['sku', 'type', 'number']) }]],
      ['numbers', 'SKU,Number,Type,number\n', [{ row: 1, column: 'number', message: errorMessages.catalogImport.columnRepeated('number') }]],
      ['numbers', 'sku,type,number\nBR-1507,oe\n', [{ row: 2, column: '', message: errorMessages.catalogImport.cellCount(2, 3) }]],
    ];
    for (const [kind, csv, errors] of cases) {
      expect((await importCsv(csv, { kind, dryRun: true })).json(), csv).toEqual({ created: 0, updated: 0, unchanged: 0, errors });
    }
    expect((await importCsv('sku,type,number\n', { kind: 'parts', dryRun: true })).statusCode).toBe(400);
  });

  it('imports numbers, which the search and the lookup then find, and exports them back', async () => {
    const rows = [
      ['BR-1507', 'OE', 'Toyota', '04465-02220'],
      ['BR-1507', 'superseded', '', 'BR-1499'],
      ['BR-1507', 'Interchange', 'Stopwell', 'SW 7781.2'],
      ['LT-4410', 'oe', 'Honda', '33100-TBA-A01'],
    ];
    expect((await importCsv(file(NUMBERS, rows), { kind: 'numbers', dryRun: true })).json()).toEqual({ created: 2, updated: 0, unchanged: 0, errors: [] });
    expect((await importCsv(file(NUMBERS, rows), { kind: 'numbers' })).json()).toEqual({ created: 2, updated: 0, unchanged: 0, errors: [] });

    const lookup = await call(server.app, 'GET', '/api/parts/lookup?number=33100tbaa01');
    expect(lookup.json()).toMatchObject({ matchedAs: 'oe', number: '33100-TBA-A01', product: { sku: 'LT-4410' } });
    const found = (await call(server.app, 'GET', '/api/products?limit=10&q=04465-02220')).json().items;
    expect(found.map((p: { sku: string }) => p.sku)).toEqual(['BR-1507']);

    const exported = await exportCsv('?kind=numbers');
    expect(exported.headers['content-disposition']).toContain('partsmith-numbers-');
    expect(parse(exported.body)).toEqual([
      NUMBERS,
      ['BR-1507', 'oe', 'Toyota', '04465-02220'],
      ['BR-1507', 'interchange', 'Stopwell', 'SW 7781.2'],
      ['BR-1507', 'superseded', '', 'BR-1499'],
      ['LT-4410', 'oe', 'Honda', '33100-TBA-A01'],
    ]);
    const before = await tables();
    expect((await importCsv(exported.body, { kind: 'numbers' })).json()).toEqual({ created: 0, updated: 0, unchanged: 2, errors: [] });
    expect(await tables()).toEqual(before);

    expect((await importCsv(file(NUMBERS, [['LT-4410', 'oe', 'Honda', '33100-TBA-A02']]), { kind: 'numbers' })).json()).toMatchObject({ updated: 1 });
    expect((await call(server.app, 'GET', '/api/parts/lookup?number=33100tbaa01')).statusCode).toBe(404);
    expect((await call(server.app, 'GET', '/api/products?limit=10&q=33100-TBA-A02')).json().items).toHaveLength(1);
  });

  it('checks numbers: type, number, a superseded number a part for sale still has, the same number twice; all or nothing', async () => {
    const before = await tables();
    const rows = [
      ['WP-5522', 'oe', 'Volkswagen', '5Q0 955 427'],
      ['WP-5522', 'oem', 'Volkswagen', '5Q0 955 428'],
      ['WP-5522', 'oe', 'Volkswagen', 'bad_number!'],
      ['WP-5522', 'superseded', '', 'br-1500'],
      ['WP-5522', 'oe', 'Audi', '5Q0-955-427'],
      ['WP-5522', 'superseded', '', 'WP 5522'],
    ];
    const response = await importCsv(file(NUMBERS, rows), { kind: 'numbers' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { row: 3, column: 'type', message: fieldMessages.numberTypeInvalid },
      { row: 4, column: 'number', message: fieldMessages.skuInvalid },
      { row: 5, column: 'number', message: fieldMessages.numberStillCurrent('BR-1500', 'Part BR-1500') },
      { row: 6, column: 'number', message: fieldMessages.numberRepeated('OE number', '5Q0-955-427') },
    ]);
    expect(await tables()).toEqual(before);
  });

  it('keeps cells a spreadsheet would run as formulas as text, and reads them back as they were', async () => {
    const rows = [['LT-4410', 2015, 2017, 'Toyota', 'Corolla', '', '', '=HYPERLINK("x")', 'Left']];
    expect((await importCsv(file(APPLICATIONS, rows))).json()).toMatchObject({ updated: 1, errors: [] });
    const exported = await exportCsv();
    expect(exported.body).toContain(`'=HYPERLINK(""x"")`);
    expect((await importCsv(exported.body)).json()).toMatchObject({ updated: 0, errors: [] });
    const fitment = (await call(server.app, 'GET', `/api/products/${(await tables()).products.find((p) => p.sku === 'LT-4410')!.id}/fitment`)).json();
    expect(fitment[0].qualifier).toBe('=HYPERLINK("x")');
  });

  it('refuses anonymous callers (401) and customers (403) before reading what they send', async () => {
    const large = `${APPLICATIONS.join(',')}\n`.padEnd(5 * 1024 * 1024, 'x');
    expect((await exportCsv('', '')).statusCode).toBe(401);
    expect((await exportCsv('?kind=numbers', customer.token)).statusCode).toBe(403);
    expect((await importCsv(large, { token: '' })).statusCode).toBe(401);
    expect((await importCsv(large, { token: customer.token, kind: 'numbers' })).statusCode).toBe(403);
    expect((await importCsv(large, { token: customer.token, contentType: 'application/json' })).statusCode).toBe(403);
    expect((await importCsv('x'.repeat(21 * 1024 * 1024))).statusCode).toBe(413);
  });
});
