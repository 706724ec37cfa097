import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportReport, type Product, partsResolvedSchema } from '../../shared/api.js';
import { errorMessages } from '../../shared/messages.js';
import { fieldMessages } from '../../shared/schemas.js';
import { type Account, call, databaseKind, registerAdmin, startTestServer, type TestServer, validProduct } from '../test/harness.js';
import { resolvePartNumbers } from './service.js';

const m = errorMessages.catalogImport;
const TIERS = [
  { minQuantity: 500, price: 81 },
  { minQuantity: 1000, price: 75.5 },
];

/** Buying in bulk: price breaks and pack sizes on a part, in the CSV files, and many typed numbers resolved at once. */
describe(`price breaks, pack sizes and resolving part numbers (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
  });
  afterAll(() => server.close());

  const post = (body: Record<string, unknown>) => call(server.app, 'POST', '/api/products', { token: admin.token, body: { ...validProduct, ...body } });
  async function create(body: Record<string, unknown>): Promise<Product> {
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const patch = (id: string, body: object) => call(server.app, 'PATCH', `/api/products/${id}`, { token: admin.token, body });
  const adminProduct = async (id: string) => (await call(server.app, 'GET', `/api/admin/products/${id}`, { token: admin.token })).json() as Product;
  const exportCsv = async () => parse((await call(server.app, 'GET', '/api/products/export.csv', { token: admin.token })).body) as string[][];
  const importCsv = (csv: string, dryRun = false) =>
    server.app.inject({
      method: 'POST',
      url: `/api/products/import${dryRun ? '?dryRun=true' : ''}`,
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${admin.token}` },
      payload: csv,
    });
  const resolve = (numbers: string[]) => call(server.app, 'POST', '/api/parts/resolve', { body: { numbers } });

  describe('on a part', () => {
    it('keeps the price breaks and the pack size it is given, and answers them everywhere a part is answered', async () => {
      const part = await create({ sku: 'PB-1', name: 'Bulk Spark Plug', price: 90, stock: 4000, min: 8, packSize: '4', priceBreaks: [{ minQuantity: '500', price: '81.00' }, TIERS[1]] });
      expect(part).toMatchObject({ priceBreaks: TIERS, packSize: 4 });
      const answers = [
        (await call(server.app, 'GET', `/api/products/${part._id}`)).json(),
        (await call(server.app, 'GET', '/api/products/sku/pb1')).json(),
        await adminProduct(part._id),
        ((await call(server.app, 'GET', '/api/products?limit=10&q=PB-1')).json().items as Product[])[0],
        ((await call(server.app, 'GET', '/api/admin/products?q=PB-1', { token: admin.token })).json().items as Product[])[0],
        (await call(server.app, 'GET', '/api/parts/lookup?number=pb%201')).json().product,
      ];
      for (const answer of answers) expect(answer).toMatchObject({ _id: part._id, priceBreaks: TIERS, packSize: 4 });
      const row = await server.db.kysely.selectFrom('products').select('price_breaks').where('id', '=', Number(part._id)).executeTakeFirstOrThrow();
      expect(JSON.parse(row.price_breaks)).toEqual([{ minQuantity: 500, priceCents: 8100 }, { minQuantity: 1000, priceCents: 7550 }]);

      expect(await create({ name: 'Plain Part' })).toMatchObject({ priceBreaks: [], packSize: 1 });
      expect(await create({ name: 'Empty Fields', packSize: '', priceBreaks: [] })).toMatchObject({ priceBreaks: [], packSize: 1 });
    });

    it('refuses tiers that are not tiers and pack sizes that are not whole numbers, with the form\'s messages', async () => {
      const tier = (minQuantity: unknown, price: unknown) => ({ minQuantity, price });
      const cases: [Record<string, unknown>, string, string][] = [
        [{ priceBreaks: [tier(1, 5)] }, 'priceBreaks.0.minQuantity', fieldMessages.priceBreakQuantity],
        [{ priceBreaks: [tier(2.5, 5)] }, 'priceBreaks.0.minQuantity', fieldMessages.priceBreakQuantity],
        [{ priceBreaks: [tier(50, 0)] }, 'priceBreaks.0.price', fieldMessages.priceBreakPrice],
        [{ priceBreaks: [tier(50, 1.234)] }, 'priceBreaks.0.price', fieldMessages.priceBreakPrice],
        [{ priceBreaks: [tier(100, 5), tier(50, 4)] }, 'priceBreaks', fieldMessages.priceBreaksOrder],
        [{ priceBreaks: [tier(50, 5), tier(100, 5)] }, 'priceBreaks', fieldMessages.priceBreaksOrder],
        [{ priceBreaks: [tier(50, 120.5)] }, 'priceBreaks', fieldMessages.priceBreakBelowPrice],
        [{ priceBreaks: Array.from({ length: 11 }, (_, i) => tier(10 + i, 100 - i)) }, 'priceBreaks', fieldMessages.priceBreaksTooMany(10)],
        [{ packSize: 0 }, 'packSize', fieldMessages.packSizeInvalid],
        [{ packSize: 1.5 }, 'packSize', fieldMessages.packSizeInvalid],
        [{ packSize: 'two' }, 'packSize', fieldMessages.packSizeInvalid],
      ];
      for (const [body, field, message] of cases) {
        const response = await post(body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().error.fields, JSON.stringify(body)).toMatchObject({ [field]: message });
      }
    });

    it('checks a new price or new tiers against what the part keeps: every tier below the price', async () => {
      const part = await create({ price: 10, priceBreaks: [{ minQuantity: 50, price: 9 }, { minQuantity: 100, price: 8 }] });
      const refused = { code: 'validation', message: fieldMessages.priceBreakBelowPrice, fields: { priceBreaks: fieldMessages.priceBreakBelowPrice } };
      for (const body of [{ price: 9 }, { price: 8.5 }, { priceBreaks: [{ minQuantity: 50, price: 10 }] }, { price: 7, priceBreaks: [{ minQuantity: 20, price: 7 }] }]) {
        const response = await patch(part._id, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().error, JSON.stringify(body)).toEqual(refused);
      }
      expect(await adminProduct(part._id)).toMatchObject({ price: 10, priceBreaks: [{ minQuantity: 50, price: 9 }, { minQuantity: 100, price: 8 }] });

      expect((await patch(part._id, { priceBreaks: [{ minQuantity: 50, price: 9.5 }] })).json()).toMatchObject({ price: 10, priceBreaks: [{ minQuantity: 50, price: 9.5 }] });
      expect((await patch(part._id, { price: 9.75 })).json()).toMatchObject({ price: 9.75, priceBreaks: [{ minQuantity: 50, price: 9.5 }] });
      const both = { price: 12, priceBreaks: [{ minQuantity: 20, price: 11.5 }, { minQuantity: 200, price: 10 }, { minQuantity: 1000, price: 9.25 }] };
      expect((await patch(part._id, both)).json()).toMatchObject(both);
      expect((await patch(part._id, { packSize: 5 })).json()).toMatchObject({ packSize: 5, priceBreaks: both.priceBreaks });
      expect((await patch(part._id, { price: 3, priceBreaks: [] })).json()).toMatchObject({ price: 3, priceBreaks: [], packSize: 5 });
      for (const packSize of [0, 1.5]) expect((await patch(part._id, { packSize })).json().error.fields).toEqual({ packSize: fieldMessages.packSizeInvalid });
    });
  });

  describe('in the CSV files', () => {
    const HEADER = ['sku', 'name', 'description', 'price', 'stock', 'min', 'category', 'img', 'specs', 'active', 'packSize', 'priceBreaks', 'weightGrams', 'taxClass', 'coreCharge'];
    const OLD_HEADER = HEADER.slice(0, 10);
    const csvFile = (columns: string[], rows: Record<string, string>[]) => stringify([columns, ...rows.map((row) => columns.map((column) => row[column] ?? ''))]);
    const cells = (sku: string, overrides: Record<string, string> = {}) => ({
      sku, name: `Part ${sku}`, description: 'From a spreadsheet', price: '12.50', stock: '480', min: '24', category: 'Filters',
      img: validProduct.img, specs: 'Thread: M20 x 1.5', active: 'true', ...overrides,
    });
    const report = async (csv: string, dryRun = false) => (await importCsv(csv, dryRun)).json() as ImportReport;

    it('exports the pack size and the price breaks after the original columns, tiers as text like 500: 81.00; 1000: 75.50', async () => {
      await create({ sku: 'CX-1', price: 90, stock: 4000, min: 8, packSize: 4, priceBreaks: TIERS });
      await create({ sku: 'CX-2' });
      const records = await exportCsv();
      expect(records[0]).toEqual(HEADER);
      expect(records.find((record) => record[0] === 'CX-1')!.slice(10, 12)).toEqual(['4', '500: 81.00; 1000: 75.50']);
      expect(records.find((record) => record[0] === 'CX-2')!.slice(10, 12)).toEqual(['1', '']);
    });

    it('creates and updates parts with their pack size and price breaks', async () => {
      const file = csvFile(HEADER, [
        cells('IM-1', { packSize: '12', priceBreaks: '96: 11.75; 240: 10.50' }),
        cells('IM-2', { packSize: '', priceBreaks: '' }),
      ]);
      expect(await report(file)).toMatchObject({ created: 2, updated: 0, unchanged: 0, errors: [] });
      const first = (await call(server.app, 'GET', '/api/products/sku/IM-1')).json() as Product;
      expect(first).toMatchObject({ packSize: 12, priceBreaks: [{ minQuantity: 96, price: 11.75 }, { minQuantity: 240, price: 10.5 }] });
      expect((await call(server.app, 'GET', '/api/products/sku/IM-2')).json()).toMatchObject({ packSize: 1, priceBreaks: [] });

      // Lower-case headers name the same columns; a `$` before a price is read too.
      const update = csvFile(HEADER.map((column) => column.toLowerCase()), [
        { ...cells('IM-1'), packsize: '6', pricebreaks: '120: $11' },
      ]);
      expect(await report(update)).toMatchObject({ created: 0, updated: 1, unchanged: 0, errors: [] });
      expect(await adminProduct(first._id)).toMatchObject({ packSize: 6, priceBreaks: [{ minQuantity: 120, price: 11 }] });
    });

    it('names the column of a bad pack size or price break, with the form\'s messages', async () => {
      await create({ sku: 'IM-9', price: 20, priceBreaks: [{ minQuantity: 50, price: 18 }] });
      const file = csvFile(HEADER, [
        cells('IM-3', { priceBreaks: '100 9.50' }),
        cells('IM-4', { priceBreaks: '1: 5' }),
        cells('IM-5', { priceBreaks: '200: 9; 100: 8' }),
        cells('IM-6', { priceBreaks: '100: 12.50' }),
        cells('IM-7', { packSize: '0' }),
        cells('IM-8', { priceBreaks: '100: 9.999' }),
        // An existing part's new price is checked with the tiers it keeps.
        cells('IM-9', { price: '17', priceBreaks: '50: 18.00' }),
      ]);
      expect((await report(file, true)).errors).toMatchObject([
        { row: 2, column: 'priceBreaks', message: m.priceBreaksText('100 9.50') },
        { row: 3, column: 'priceBreaks', message: fieldMessages.priceBreakQuantity },
        { row: 4, column: 'priceBreaks', message: fieldMessages.priceBreaksOrder },
        { row: 5, column: 'priceBreaks', message: fieldMessages.priceBreakBelowPrice },
        { row: 6, column: 'packSize', message: fieldMessages.packSizeInvalid },
        { row: 7, column: 'priceBreaks', message: fieldMessages.priceBreakPrice },
        { row: 8, column: 'priceBreaks', message: fieldMessages.priceBreakBelowPrice },
      ]);
    });

    it('reads its own export back as all unchanged, and a file without the new columns imports as before', async () => {
      const tiered = await create({ sku: 'RT-1', price: 30, stock: 600, min: 6, packSize: 2, priceBreaks: [{ minQuantity: 100, price: 27.5 }] });
      const exported = stringify(await exportCsv());
      const count = (await exportCsv()).length - 1;
      expect(await report(exported)).toMatchObject({ created: 0, updated: 0, unchanged: count, errors: [] });

      const old = csvFile(OLD_HEADER, [cells('RT-1', { name: 'Renamed Part', price: '30.00', stock: '600', min: '6', category: 'other' }), cells('RT-2')]);
      expect(await report(old)).toMatchObject({ created: 1, updated: 1, unchanged: 0, errors: [] });
      expect(await adminProduct(tiered._id)).toMatchObject({ name: 'Renamed Part', packSize: 2, priceBreaks: [{ minQuantity: 100, price: 27.5 }] });
      expect((await call(server.app, 'GET', '/api/products/sku/RT-2')).json()).toMatchObject({ packSize: 1, priceBreaks: [] });
    });
  });

  describe('POST /api/parts/resolve', () => {
    let pads: Product;
    beforeAll(async () => {
      pads = await create({
        sku: 'RS-100',
        numbers: [
          { type: 'superseded', brand: '', number: 'RS-099' },
          { type: 'oe', brand: 'Toyota', number: 'OE-555 11' },
          { type: 'interchange', brand: 'Stopwell', number: 'XC 42' },
        ],
      });
      const archived = await create({ sku: 'RS-200', numbers: [{ type: 'oe', brand: 'Honda', number: 'OE-777' }] });
      expect((await patch(archived._id, { active: false })).statusCode).toBe(200);
      // Another part lists our RS-100 as its interchange number: our own part number comes first.
      await create({ sku: 'RS-300', numbers: [{ type: 'interchange', brand: 'Other', number: 'rs100' }] });
    });

    it('answers each typed number, in its order, with the part for sale it leads to and how it matched', async () => {
      const typed = ['rs 100', 'oe55511', 'RS099', 'xc-42', 'nothing-here', 'rs-200', 'OE 777', '', '   ', 'RS100'];
      const response = await resolve(typed);
      expect(response.statusCode, response.body).toBe(200);
      const answer = partsResolvedSchema.parse(response.json());
      expect(answer.map(({ number, product, matchedAs }) => [number, product?.sku ?? null, matchedAs])).toEqual([
        ['rs 100', 'RS-100', 'sku'],
        ['oe55511', 'RS-100', 'oe'],
        ['RS099', 'RS-100', 'superseded'],
        ['xc-42', 'RS-100', 'interchange'],
        ['nothing-here', null, null],
        ['rs-200', null, null],
        ['OE 777', null, null],
        ['', null, null],
        ['   ', null, null],
        ['RS100', 'RS-100', 'sku'],
      ]);
      expect(answer[0]!.product).toEqual(pads);
    });

    it('resolves 500 numbers in one request, with the same few queries however many there are', async () => {
      const parts: Product[] = [];
      for (let i = 0; i < 10; i += 1) parts.push(await create({ sku: `QB-${i}`, priceBreaks: [{ minQuantity: 20, price: 100 }] }));
      const numbers = Array.from({ length: 500 }, (_, i) => (i % 3 === 2 ? `UNKNOWN-${i}` : `qb ${i % 10}`));
      const response = await resolve(numbers);
      expect(response.statusCode).toBe(200);
      const answer = partsResolvedSchema.parse(response.json());
      expect(answer.map((line) => line.number)).toEqual(numbers);
      answer.forEach((line, i) => expect(line.product?._id ?? null, line.number).toBe(i % 3 === 2 ? null : parts[i % 10]!._id));
      expect(answer[0]!.product!.priceBreaks).toEqual([{ minQuantity: 20, price: 100 }]);

      let queries = 0;
      const counter: KyselyPlugin = {
        transformQuery: (args) => {
          queries += 1;
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      await resolvePartNumbers(server.db.kysely.withPlugin(counter), numbers.slice(0, 6));
      const forSix = queries;
      queries = 0;
      await resolvePartNumbers(server.db.kysely.withPlugin(counter), numbers);
      // The parts, their numbers and their answers; and the closest numbers to those nothing matched (one statement with a sub-select).
      expect(queries).toBe(forSix);
      expect(queries).toBeLessThanOrEqual(6);

      expect((await resolve([...numbers, 'one too many'])).statusCode).toBe(400);
      expect((await resolve([])).json().error.fields).toEqual({ numbers: fieldMessages.numberRequired });
    });
  });
});
