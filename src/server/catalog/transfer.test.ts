import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '../../shared/messages.js';
import { fieldMessages } from '../../shared/schemas.js';
import {
  type Account,
  call,
  databaseKind,
  registerAdmin,
  registerCustomer,
  startTestServer,
  type TestServer,
  validProduct,
  TEST_ADDRESS,
} from '../test/harness.js';
import { IMPORTS_WAITING_MAX } from './csv-sheet.js';

/**
 * What an import waits for each time it has looked up a batch of the file's part numbers: the moment
 * another request's work is made to land, between the rows an import has read and those it has not.
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

const m = errorMessages.catalogImport;
const HEADER = ['sku', 'name', 'description', 'price', 'stock', 'min', 'category', 'img', 'specs', 'active', 'packSize', 'priceBreaks', 'weightGrams', 'taxClass', 'coreCharge'];

/** A CSV file of these cells by column, in the order the first row gives them. */
function csvFile(rows: Record<string, string>[], columns = Object.keys(rows[0] ?? {})): string {
  return stringify([columns, ...rows.map((row) => columns.map((column) => row[column] ?? ''))]);
}

/** A new part's cells, each different (`n`). */
function newPartCells(n: number, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    sku: `IMP-${n}`,
    name: `Imported Part ${n}`,
    description: `Part number ${n} from a spreadsheet`,
    price: '12.50',
    stock: '40',
    min: '2',
    category: 'Brakes',
    img: '/images/products/tire.svg',
    specs: `Size: ${n} mm; Finish: zinc`,
    active: 'true',
    ...overrides,
  };
}

function useServer() {
  const ctx = {} as { server: TestServer; admin: Account; customer: Account };
  beforeAll(async () => {
    ctx.server = await startTestServer();
    ctx.admin = await registerAdmin(ctx.server);
    ctx.customer = await registerCustomer(ctx.server.app);
  });
  afterAll(() => ctx.server.close());
  return ctx;
}

function clientOf(ctx: ReturnType<typeof useServer>) {
  return {
    exportCsv: (query = '', token = ctx.admin.token) => call(ctx.server.app, 'GET', `/api/products/export.csv${query}`, { token }),
    importCsv: (csv: string, { dryRun = false, token = ctx.admin.token, contentType = 'text/csv' } = {}) =>
      ctx.server.app.inject({
        method: 'POST',
        url: `/api/products/import${dryRun ? '?dryRun=true' : ''}`,
        headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: csv,
      }),
    productsTable: () => ctx.server.db.kysely.selectFrom('products').selectAll().orderBy('id').execute(),
    /** The original storefront's Remove (docs/legacy-contract.md) of a part someone ordered: hidden, its row (and part number) kept for the order. */
    removeOrderedPart: async (id: string) => {
      const body = { productId: id, quantity: validProduct.min, phone: '5550100', shippingAddress: TEST_ADDRESS };
      expect((await call(ctx.server.app, 'POST', '/api/orders', { token: ctx.customer.token, body })).statusCode).toBe(201);
      expect((await call(ctx.server.app, 'DELETE', `/api/products/${id}`, { token: ctx.admin.token })).statusCode).toBe(200);
    },
    createProduct: async (body: Record<string, unknown>) => {
      const response = await call(ctx.server.app, 'POST', '/api/products', { token: ctx.admin.token, body: { ...validProduct, ...body } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { _id: string; sku: string };
    },
  };
}

describe(`catalog CSV export and import (${databaseKind})`, () => {
  const ctx = useServer();
  const { exportCsv, importCsv, productsTable, createProduct, removeOrderedPart } = clientOf(ctx);
  const patch = (id: string, body: object) => call(ctx.server.app, 'PATCH', `/api/products/${id}`, { token: ctx.admin.token, body });

  it('exports every listed product, archived too and removed ones not, by id, as an attachment nobody caches', async () => {
    await createProduct({
      weightGrams: 780,
      sku: 'LT-77',
      name: 'Fog Lamp',
      description: 'Bright, "amber", and wide',
      price: 24.5,
      stock: 100,
      min: 10,
      category: 'lighting',
      specs: [
        { name: 'Voltage', value: '12 V' },
        { name: 'Bulb type', value: 'H7' },
      ],
    });
    const archived = await createProduct({ sku: 'BR-5', name: 'Old Pad', description: 'Line one\nline two', price: 3, stock: 5, min: 1, category: 'brakes' });
    await patch(archived._id, { active: false });
    await removeOrderedPart((await createProduct({ name: 'Gone Part' }))._id);
    expect((await productsTable()).find((p) => p.name === 'Gone Part')?.hidden_at).toBeTruthy();

    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="partsmith-products-${new Date().toISOString().slice(0, 10)}.csv"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.startsWith(`${HEADER.join(',')}\r\n`)).toBe(true);
    expect(response.body).toContain('"Line one\nline two"');
    expect(parse(response.body)).toEqual([
      HEADER,
      ['LT-77', 'Fog Lamp', 'Bright, "amber", and wide', '24.50', '100', '10', 'lighting', validProduct.img, 'Voltage: 12 V; Bulb type: H7', 'true', '1', '', '780', 'standard', '0.00'],
      ['BR-5', 'Old Pad', 'Line one\nline two', '3.00', '5', '1', 'brakes', validProduct.img, '', 'false', '1', '', '0', 'standard', '0.00'],
    ]);
  });

  it('reads the shipping weight (weightGrams) when the file has the column, and a file without it keeps each part\'s', async () => {
    const part = await createProduct({ sku: 'WG-1', weightGrams: 1200 });
    const withoutColumn = csvFile([{ sku: 'WG-1', name: 'Weighed Part' }]);
    expect((await importCsv(withoutColumn)).json()).toMatchObject({ updated: 1, errors: [] });
    const weight = async () => (await call(ctx.server.app, 'GET', `/api/products/${part._id}`)).json().weightGrams;
    expect(await weight()).toBe(1200);
    expect((await importCsv(csvFile([{ sku: 'WG-1', weightGrams: '2500' }]))).json()).toMatchObject({ updated: 1, errors: [] });
    expect(await weight()).toBe(2500);
    const refused = (await importCsv(csvFile([{ sku: 'WG-1', weightGrams: '1.5' }]), { dryRun: true })).json();
    expect(refused.errors).toMatchObject([{ row: 2, column: 'weightGrams', message: fieldMessages.weightInvalid }]);
    const created = (await importCsv(csvFile([newPartCells(9901)]))).json();
    expect(created).toMatchObject({ created: 1, errors: [] });
    expect((await productsTable()).find((p) => p.sku === 'IMP-9901')?.weight_grams).toBe(0);
  });

  it('round-trips the core deposit (coreCharge, dollars per unit): exported, read back, kept by a file without the column', async () => {
    const part = await createProduct({ sku: 'CC-1', name: 'Remanufactured Alternator', coreCharge: 25 });
    const coreCharge = async () => (await call(ctx.server.app, 'GET', `/api/products/${part._id}`)).json().coreCharge;
    const exported = await exportCsv();
    const header = (parse(exported.body) as string[][])[0]!;
    const record = (parse(exported.body) as string[][]).find((row) => row[0] === 'CC-1')!;
    expect(record[header.indexOf('coreCharge')]).toBe('25.00');
    // The export read back changes nothing; a file without the column keeps the deposit.
    expect((await importCsv(exported.body)).json()).toMatchObject({ created: 0, updated: 0, errors: [] });
    expect((await importCsv(csvFile([{ sku: 'CC-1', name: 'Remanufactured Alternator 120 A' }]))).json()).toMatchObject({ updated: 1, errors: [] });
    expect(await coreCharge()).toBe(25);
    expect((await importCsv(csvFile([{ sku: 'CC-1', coreCharge: '32.50' }]))).json()).toMatchObject({ updated: 1, errors: [] });
    expect(await coreCharge()).toBe(32.5);
    for (const bad of ['-1', '2.505', 'free']) {
      const refused = (await importCsv(csvFile([{ sku: 'CC-1', coreCharge: bad }]), { dryRun: true })).json();
      expect(refused.errors, bad).toMatchObject([{ row: 2, column: 'coreCharge', message: fieldMessages.coreChargeInvalid }]);
    }
    expect((await importCsv(csvFile([newPartCells(9902)]))).json()).toMatchObject({ created: 1, errors: [] });
    expect((await productsTable()).find((p) => p.sku === 'IMP-9902')?.core_charge_cents).toBe(0);
  });

  it('starts cells a spreadsheet would run as formulas with a quote, and reads them back as they were', async () => {
    const risky = [
      { sku: 'FX-1', name: '=SUM(A1)', description: '+1' },
      { sku: 'FX-2', name: '-2', description: '@x' },
      { sku: 'FX-3', name: "'=already quoted", description: "'plain quote" },
    ];
    for (const product of risky) await createProduct(product);
    const body = (await exportCsv()).body;
    const cells = (parse(body) as string[][]).filter((record) => record[0]!.startsWith('FX-')).map((record) => record.slice(0, 3));
    expect(cells).toEqual([
      ['FX-1', "'=SUM(A1)", "'+1"],
      ['FX-2', "'-2", "'@x"],
      ['FX-3', "''=already quoted", "'plain quote"],
    ]);

    const report = await importCsv(body);
    expect(report.json()).toMatchObject({ created: 0, updated: 0, errors: [] });
    const stored = (await productsTable()).filter((p) => p.sku.startsWith('FX-')).map((p) => ({ sku: p.sku, name: p.name, description: p.description }));
    expect(stored).toEqual(risky);
  });

  it('starts the file with a UTF-8 byte-order mark only when asked (bom=true, for Excel)', async () => {
    const withBom = await exportCsv('?bom=true');
    expect([...withBom.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(withBom.body.slice(1)).toBe((await exportCsv()).body);
    expect([...(await exportCsv()).rawPayload.subarray(0, 3)]).toEqual([...Buffer.from('sku')]);
    expect((await exportCsv('?bom=maybe')).statusCode).toBe(400);
  });

  it('reads its own export back as all unchanged, dry run or not, with or without BOM, CRLF or LF, and changes no row', async () => {
    const before = await productsTable();
    const exported = (await exportCsv('?bom=true')).body;
    const listed = before.filter((p) => p.hidden_at === null);
    expect(listed.length).toBeGreaterThan(3);
    const expected = { created: 0, updated: 0, unchanged: listed.length, errors: [] };
    for (const file of [exported, exported.replaceAll('\r\n', '\n')]) {
      const dryRun = await importCsv(file, { dryRun: true });
      expect(dryRun.statusCode).toBe(200);
      expect(dryRun.json()).toMatchObject(expected);
      const real = await importCsv(file);
      expect(real.statusCode).toBe(200);
      expect(real.json()).toMatchObject(expected);
    }
    expect(await productsTable()).toEqual(before);
  });

  it('reports exactly the rows and columns with problems and writes nothing; the fixed file imports', async () => {
    const before = await productsTable();
    const rows = Array.from({ length: 8 }, (_, i) => newPartCells(100 + i));
    rows[3]!.price = 'abc'; // row 5 (the header is row 1)
    rows[5]!.category = 'Rockets'; // row 7
    const problems = [
      { row: 5, column: 'price', message: fieldMessages.pricePositive },
      { row: 7, column: 'category', message: m.categoryUnknown('Rockets') },
    ];

    const dryRun = await importCsv(csvFile(rows), { dryRun: true });
    expect(dryRun.statusCode).toBe(200);
    expect(dryRun.json()).toMatchObject({ created: 6, updated: 0, unchanged: 0, errors: problems });
    const real = await importCsv(csvFile(rows));
    expect(real.statusCode).toBe(422);
    expect(real.json()).toMatchObject({ ...dryRun.json(), error: { code: 'import_refused', message: 'Nothing was imported: the file has 2 problems' } });
    expect(await productsTable()).toEqual(before);

    rows[3]!.price = '9.99';
    rows[5]!.category = 'wheels-tires';
    const fixed = await importCsv(csvFile(rows));
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ created: 8, updated: 0, unchanged: 0, errors: [] });
    const added = (await productsTable()).filter((p) => p.sku.startsWith('IMP-1'));
    expect(added.map((p) => p.sku)).toEqual(rows.map((r) => r.sku));
    expect(added[3]).toMatchObject({ price_cents: 999, category: 'brakes', specs: JSON.stringify([{ name: 'Size', value: '103 mm' }, { name: 'Finish', value: 'zinc' }]) });
    expect(added[5]!.category).toBe('wheels-tires');
    const audit = (await call(ctx.server.app, 'GET', '/api/audit', { token: ctx.admin.token })).json();
    expect(audit[0]).toMatchObject({ action: 'product.import', target: 'catalog import: 8 created, 0 updated, 0 unchanged', by: { email: ctx.admin.email } });
  });

  it('refuses a part number given twice in the file, on its second row, however spelled', async () => {
    const before = await productsTable();
    const file = csvFile([newPartCells(200, { sku: 'DUP-1' }), newPartCells(201), newPartCells(202, { sku: 'dup 1' })]);
    const response = await importCsv(file);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject([{ row: 4, column: 'sku', message: m.skuRepeated('dup 1', 2) }]);
    expect(await productsTable()).toEqual(before);
  });

  it('updates the part whose number is spelled differently (bl 1507 is BL-1507), and records its price and stock changes as the import', async () => {
    const part = await createProduct({ sku: 'BL-1507', price: 10, stock: 50, min: 5 });
    const other = await createProduct({ sku: 'BL-1508', price: 8, stock: 20, min: 5 });
    const count = (await productsTable()).length;
    const response = await importCsv('sku,price,stock\nbl 1507,12.50,75\nBL-1508,9,20\n');
    expect(response.json()).toMatchObject({ created: 0, updated: 2, unchanged: 0, errors: [] });
    expect((await productsTable()).length).toBe(count);
    const after = (await call(ctx.server.app, 'GET', `/api/admin/products/${part._id}`, { token: ctx.admin.token })).json();
    expect(after).toMatchObject({ sku: 'BL-1507', price: 12.5, stock: 75, min: 5, name: validProduct.name });

    const changes = (await call(ctx.server.app, 'GET', `/api/products/${part._id}/changes`, { token: ctx.admin.token })).json();
    const by = { name: ctx.admin.name, email: ctx.admin.email };
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'price', from: 10, to: 12.5, reason: 'import', by }),
        expect.objectContaining({ field: 'stock', from: 50, to: 75, reason: 'import', by }),
      ]),
    );
    expect(changes).toHaveLength(2);
    const otherChanges = (await call(ctx.server.app, 'GET', `/api/products/${other._id}/changes`, { token: ctx.admin.token })).json();
    expect(otherChanges).toEqual([expect.objectContaining({ field: 'price', from: 8, to: 9, reason: 'import', by })]);
    expect((await importCsv('sku,price,stock\nBL1507,12.5,75\n')).json()).toMatchObject({ created: 0, updated: 0, unchanged: 1, errors: [] });
  });

  it('reads the taxClass column (any case; empty keeps the part\'s) and refuses an unknown class', async () => {
    const part = await createProduct({ sku: 'TX-1', price: 10, stock: 50, min: 5 });
    expect((await importCsv('sku,taxClass\nTX-1,Reduced\n')).json()).toMatchObject({ created: 0, updated: 1, unchanged: 0, errors: [] });
    expect((await importCsv('sku,taxClass\nTX-1,\n')).json()).toMatchObject({ created: 0, updated: 0, unchanged: 1, errors: [] });
    const after = (await call(ctx.server.app, 'GET', `/api/admin/products/${part._id}`, { token: ctx.admin.token })).json();
    expect(after.taxClass).toBe('reduced');
    const refused = (await importCsv('sku,taxClass\nTX-1,luxury\n')).json();
    expect(refused.errors).toMatchObject([expect.objectContaining({ column: 'taxClass', message: 'The tax class is standard, reduced or zero' })]);
  });

  it('writes each part of a batch as its own row says, whatever the other rows change', async () => {
    const [cheaper, dearer, archiving, restoring, respecced] = await Promise.all(
      ['MIX-1', 'MIX-2', 'MIX-3', 'MIX-4', 'MIX-5'].map((sku) => createProduct({ sku, price: 20, stock: 30, min: 1 })),
    );
    expect((await patch(restoring!._id, { active: false })).statusCode).toBe(200);
    const file = 'sku,price,stock,active,specs,priceBreaks\nMIX-1,19,30,,,\nMIX-2,21,31,,,\nMIX-3,20,30,no,,\nMIX-4,20,30,yes,,\nMIX-5,20,30,,Finish: mixcoat,10: 18.00; 50: 17.50\n';
    expect((await importCsv(file)).json()).toMatchObject({ created: 0, updated: 5, unchanged: 0, errors: [] });

    const shown = async (id: string) => (await call(ctx.server.app, 'GET', `/api/admin/products/${id}`, { token: ctx.admin.token })).json();
    expect(await shown(cheaper!._id)).toMatchObject({ price: 19, stock: 30, active: true, specs: [], priceBreaks: [] });
    expect(await shown(dearer!._id)).toMatchObject({ price: 21, stock: 31, active: true });
    expect(await shown(archiving!._id)).toMatchObject({ price: 20, active: false });
    expect(await shown(restoring!._id)).toMatchObject({ price: 20, active: true });
    expect(await shown(respecced!._id)).toMatchObject({
      price: 20,
      specs: [{ name: 'Finish', value: 'mixcoat' }],
      priceBreaks: [
        { minQuantity: 10, price: 18 },
        { minQuantity: 50, price: 17.5 },
      ],
    });
    // Its new spec is searchable (the search index follows the row).
    const search = await call(ctx.server.app, 'GET', '/api/products?limit=50&q=mixcoat');
    expect(search.json().items.map((p: { sku: string }) => p.sku)).toEqual(['MIX-5']);
    const changesOf = async (id: string) => (await call(ctx.server.app, 'GET', `/api/products/${id}/changes`, { token: ctx.admin.token })).json();
    expect(await changesOf(dearer!._id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'price', from: 20, to: 21 }), expect.objectContaining({ field: 'stock', from: 30, to: 31 })]),
    );
    expect(await changesOf(archiving!._id)).toEqual([]);
    expect((await importCsv(file)).json()).toMatchObject({ created: 0, updated: 0, unchanged: 5, errors: [] });
  });

  it('archives and restores with the active column, creates parts already archived, and generates missing part numbers', async () => {
    const part = await createProduct({ sku: 'ACT-1' });
    expect((await importCsv('SKU , Active\nact-1,no\n')).json()).toMatchObject({ updated: 1 });
    expect((await call(ctx.server.app, 'GET', `/api/admin/products/${part._id}`, { token: ctx.admin.token })).json().active).toBe(false);
    expect((await importCsv('active,sku\n,ACT-1\n')).json()).toMatchObject({ updated: 1 });
    expect((await call(ctx.server.app, 'GET', `/api/admin/products/${part._id}`, { token: ctx.admin.token })).json().active).toBe(true);

    const response = await importCsv(csvFile([newPartCells(300, { sku: '', category: 'Wheels & Tires', active: '0' }), newPartCells(301, { sku: '', category: '' })]));
    expect(response.json()).toMatchObject({ created: 2, errors: [] });
    const [archived, other] = (await productsTable()).slice(-2);
    expect(archived).toMatchObject({ name: 'Imported Part 300', category: 'wheels-tires' });
    expect(archived!.sku).toMatch(/^WT-\d+$/);
    expect(archived!.archived_at).not.toBeNull();
    expect(other).toMatchObject({ name: 'Imported Part 301', category: 'other', archived_at: null });
    expect(other!.sku).toMatch(/^PS-\d+$/);
  });

  it('names what is wrong with the file itself: empty, unknown, repeated or missing columns, cells that do not fit, broken quotes', async () => {
    const cases: [string, { row: number; column: string; message: string }[]][] = [
      ['', [{ row: 1, column: '', message: m.empty }]],
      ['\uFEFF\r\n\r\n', [{ row: 1, column: '', message: m.empty }]],
      ['sku,name,colour,size\n', [{ row: 1, column: '', message: m.unknownColumns(['colour', 'size'], HEADER) }]],
      ['sku,price,Price\n', [{ row: 1, column: 'price', message: m.columnRepeated('price') }]],
      ['name,price\nPad,3\n', [{ row: 1, column: '', message: m.missingColumns(['description', 'stock', 'min', 'img'], ['name', 'description', 'price', 'stock', 'min', 'img']) }]],
      ['sku,stock\nBL-1507,5,7\n\nBL-1507\n', [
        { row: 2, column: '', message: m.cellCount(3, 2) },
        { row: 4, column: '', message: m.cellCount(1, 2) },
      ]],
      ['sku,name\nA-1,"Pad\n', [{ row: 2, column: '', message: m.notCsv }]],
    ];
    for (const [file, errors] of cases) {
      const response = await importCsv(file, { dryRun: true });
      expect(response.json(), JSON.stringify(file)).toEqual({ created: 0, updated: 0, unchanged: 0, errors, changes: [], errorCount: errors.length });
    }
  });

  it('keeps the report short: at most 1,000 problems listed, at most 100,000 rows read', async () => {
    const badPrices = Array.from({ length: 1005 }, (_, i) => newPartCells(500 + i, { price: 'free' }));
    const report = (await importCsv(csvFile(badPrices), { dryRun: true })).json();
    const errors = report.errors;
    expect(errors).toHaveLength(1001);
    expect(report.errorCount).toBe(1005);
    // Row 1001 is the file's 1,000th part: newPartCells(500 + 999).
    expect(errors[999]).toEqual({ row: 1001, column: 'price', message: fieldMessages.pricePositive, sku: 'IMP-1499', value: 'free' });
    expect(errors[1000]).toEqual({ row: 1002, column: '', message: m.moreProblems(5) });

    const tooLong = `sku,stock\n${'BL-1507,5\n'.repeat(100_001)}`;
    expect((await importCsv(tooLong, { dryRun: true })).json().errors).toMatchObject([{ row: 100_002, column: '', message: m.tooManyRows(100_000) }]);
  });

  it("checks every cell with the product form's rules and messages", async () => {
    await removeOrderedPart((await createProduct({ sku: 'GONE-1' }))._id);
    const rows = [
      newPartCells(400, { name: '', stock: '0', min: '1.5' }),
      newPartCells(401, { img: 'javascript:alert(1)', specs: 'Voltage 12 V', active: 'maybe' }),
      newPartCells(402, { sku: 'GONE 1' }),
      newPartCells(403, { sku: 'BAD_SKU!' }),
      newPartCells(404, { stock: '5', min: '10' }),
      { sku: 'BL-1507', name: '', description: 'x', price: '-1', stock: '0', min: '1', category: '', img: validProduct.img, specs: 'A: 1; a: 2', active: '' },
    ];
    const response = await importCsv(csvFile(rows), { dryRun: true });
    expect(response.json().errors).toMatchObject([
      { row: 2, column: 'name', message: fieldMessages.productNameRequired },
      // A new part's stock may be 0 (it is listed, out of stock): only its minimum is wrong.
      { row: 2, column: 'min', message: fieldMessages.minPositive },
      { row: 3, column: 'img', message: fieldMessages.imageInvalid },
      { row: 3, column: 'specs', message: '"Voltage 12 V" needs a name and a value, like "Voltage: 12 V"' },
      { row: 3, column: 'active', message: m.activeInvalid },
      { row: 4, column: 'sku', message: m.skuOfRemovedPart('GONE 1') },
      { row: 5, column: 'sku', message: fieldMessages.skuInvalid },
      { row: 6, column: 'min', message: fieldMessages.minAboveStock },
      // An existing part is edited: its stock may be 0.
      { row: 7, column: 'name', message: fieldMessages.productNameRequired },
      { row: 7, column: 'price', message: fieldMessages.pricePositive },
      { row: 7, column: 'specs', message: fieldMessages.specNamesRepeat },
    ]);
  });

  it('takes application/csv and text/plain too, and refuses other bodies', async () => {
    for (const contentType of ['application/csv', 'text/plain', 'text/csv; charset=utf-8']) {
      expect((await importCsv('sku,stock\nBL-1507,75\n', { dryRun: true, contentType })).json(), contentType).toMatchObject({ unchanged: 1 });
    }
    expect((await importCsv('sku,stock\nBL-1507,75\n', { dryRun: true, contentType: 'application/octet-stream' })).statusCode).toBe(415);
    expect((await importCsv('{"sku":"BL-1507"}', { dryRun: true, contentType: 'application/json' })).statusCode).toBe(400);
  });

  it('refuses anonymous callers (401) and customers (403) before reading what they send, however large', async () => {
    const large = `${HEADER.join(',')}\n`.padEnd(5 * 1024 * 1024, 'x');
    expect((await exportCsv('', '')).statusCode).toBe(401);
    expect((await exportCsv('', ctx.customer.token)).statusCode).toBe(403);
    expect((await importCsv(large, { token: '' })).statusCode).toBe(401);
    expect((await importCsv(large, { token: ctx.customer.token })).statusCode).toBe(403);
    expect((await importCsv(large, { token: ctx.customer.token, contentType: 'application/json' })).statusCode).toBe(403);
    expect((await importCsv('x'.repeat(21 * 1024 * 1024))).statusCode).toBe(413);
  });
});

describe(`catalog CSV import of 10,000 rows (${databaseKind})`, () => {
  const ctx = useServer();
  const { exportCsv, importCsv, productsTable } = clientOf(ctx);

  it('finds the one bad row among 10,000 and writes nothing; the fixed file creates all of them in one go', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => newPartCells(i + 1, i % 2 === 0 ? {} : { sku: '', category: 'Filters' }));
    rows[4321]!.stock = 'lots';
    const refused = await importCsv(csvFile(rows));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toMatchObject([{ row: 4323, column: 'stock', message: fieldMessages.stockNotNegative }]);
    expect(await productsTable()).toEqual([]);

    rows[4321]!.stock = '40';
    const file = csvFile(rows);
    const started = performance.now();
    const response = await importCsv(file);
    const seconds = (performance.now() - started) / 1000;
    console.info(`import of 10,000 new rows on ${databaseKind}: ${seconds.toFixed(2)} s`);
    expect(response.json()).toMatchObject({ created: 10_000, updated: 0, unchanged: 0, errors: [] });

    const exported = parse((await exportCsv()).body) as string[][];
    expect(exported).toHaveLength(10_001);
    const table = await productsTable();
    expect(exported.slice(1).map((record) => record[0])).toEqual(table.map((p) => p.sku));
    expect(new Set(table.map((p) => p.sku_key)).size).toBe(10_000);
    expect((await importCsv(stringify(exported), { dryRun: true })).json()).toMatchObject({ unchanged: 10_000, errors: [] });
  });

  it('checks a file before it writes: other requests write meanwhile, and the rows it changes are checked again when written', async () => {
    const { createProduct } = clientOf(ctx);
    const rows = Array.from({ length: 2000 }, (_, i) => newPartCells(60_000 + i));
    expect((await importCsv(csvFile(rows))).json()).toMatchObject({ created: 2000, errors: [] });
    const [changed, keptAsIs, made] = [rows[0]!, rows[500]!, newPartCells(62_000)];
    const file = csvFile([{ ...changed, price: '14.00' }, ...rows.slice(1), made]);
    const table = async () => new Map((await productsTable()).map((p) => [p.sku, p]));
    const ids = await table();

    // Once the second thousand rows are looked up (the first thousand checked, or before this change written), the
    // import waits up to a second for other requests: the changed part is renamed, the stock of a part the file leaves
    // as it is changes, and someone adds the new row's part.
    const checkBegan = lookups.count;
    let meanwhile: Promise<number> | undefined;
    lookups.then = () => {
      if (lookups.count !== checkBegan + 2) return undefined;
      const edit = (sku: string, body: object) => call(ctx.server.app, 'PATCH', `/api/products/${ids.get(sku)!.id}`, { token: ctx.admin.token, body });
      const writes = [edit(changed.sku!, { name: 'Renamed meanwhile' }), edit(keptAsIs.sku!, { stock: 7 }), createProduct({ sku: made.sku, name: 'Added meanwhile' })];
      meanwhile = Promise.all(writes).then(() => performance.now());
      return Promise.race([meanwhile, new Promise((resolve) => setTimeout(resolve, 1000))]);
    };
    const response = await importCsv(file).finally(() => (lookups.then = undefined));
    const answeredAt = performance.now();

    expect(await meanwhile).toBeLessThan(answeredAt);
    expect(response.json()).toMatchObject({ created: 0, updated: 2, unchanged: 1999, errors: [] });
    const after = await table();
    expect(after.get(changed.sku!)).toMatchObject({ name: changed.name, price_cents: 1400, stock: 40 });
    expect(after.get(keptAsIs.sku!)).toMatchObject({ stock: 7 });
    expect(after.get(made.sku!)).toMatchObject({ name: made.name });
  });

  it('answers an import that works for longer than a connection may stay silent (twice REQUEST_TIMEOUT)', async () => {
    const server = await startTestServer({ REQUEST_TIMEOUT: '1s' });
    try {
      const admin = await registerAdmin(server);
      const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
      // The import's first lookup of part numbers waits 2.5 s: past the 2 s a silent connection may last.
      let waited = false;
      lookups.then = () => (waited ? undefined : ((waited = true), new Promise((resolve) => setTimeout(resolve, 2500))));
      const response = await fetch(`${address}/api/products/import`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv', authorization: `Bearer ${admin.token}` },
        body: csvFile([newPartCells(70_000)]),
      }).finally(() => (lookups.then = undefined));
      expect(waited).toBe(true);
      expect(await response.json()).toMatchObject({ created: 1, updated: 0, unchanged: 0, errors: [] });
    } finally {
      await server.close();
    }
  });

  it(`runs one import at a time, catalog and fitment alike: ${IMPORTS_WAITING_MAX} more wait their turn, one more is refused and nothing of it is written`, async () => {
    // The first import holds its turn until released, at its first lookup of part numbers.
    let release!: () => void;
    let holding = false;
    const held = new Promise<void>((resolve) => (release = resolve));
    lookups.then = () => (holding ? undefined : ((holding = true), held));
    const first = importCsv(csvFile([newPartCells(80_000)]));
    await vi.waitFor(() => expect(holding).toBe(true));

    // One more than may wait, a fitment file among them: whichever came last is refused, the others wait.
    let answeredMeanwhile = 0;
    const count = <T>(answer: Promise<T>) => answer.then((response) => ((answeredMeanwhile += 1), response));
    const fitmentFile = 'sku,type,brand,number\r\nIMP-80000\r\n';
    const others = [
      ...Array.from({ length: IMPORTS_WAITING_MAX }, (_, i) => count(importCsv(csvFile([newPartCells(80_001 + i)])))),
      count(ctx.server.app.inject({ method: 'POST', url: '/api/fitment/import?kind=numbers&dryRun=true', headers: { 'content-type': 'text/csv', authorization: `Bearer ${ctx.admin.token}` }, payload: fitmentFile })),
    ];
    await vi.waitFor(() => expect(answeredMeanwhile).toBe(1));
    release();
    lookups.then = undefined;
    const answers = [await first, ...(await Promise.all(others))];

    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.headers['retry-after']).toBe('60');
    expect(refused[0]!.json()).toMatchObject({ error: { code: 'imports_busy', message: m.busy } });
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(IMPORTS_WAITING_MAX + 1);
    const created = (await productsTable()).filter((product) => /^IMP-8000\d$/.test(product.sku)).map((product) => product.sku);
    const parts = answers.slice(0, IMPORTS_WAITING_MAX + 1);
    expect(created.sort()).toEqual(parts.flatMap((answer, i) => (answer.statusCode === 200 ? [`IMP-${80_000 + i}`] : [])));
  });

  it('writes nothing when the file turns out not to be CSV thousands of rows in, after earlier rows were read and written', async () => {
    const before = await productsTable();
    const rows = Array.from({ length: 3000 }, (_, i) => newPartCells(20_000 + i));
    const file = `${csvFile(rows)}IMP-29999,"Broken quote,x,1,1,1,Brakes,/images/products/tire.svg,,true\n`;
    const refused = await importCsv(file);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toMatchObject([{ row: 3002, column: '', message: m.notCsv }]);
    expect(await productsTable()).toEqual(before);
  });

  it('reads a character outside the BMP intact where the text is cut into slices for the parser (every 64 Ki characters)', async () => {
    const product = { sku: 'EMOJI-1', name: 'Bolt \u{1F529}', description: 'Zinc plated', price: '1.00', stock: '5', min: '1', img: '/images/products/tire.svg' };
    // Rows of padding (a description holds at most 2,000 characters) before the part, `pad` characters of it.
    const fileWith = (pad: number) => {
      const lengths = Array.from({ length: Math.ceil(pad / 1900) }, (_, i) => Math.min(1900, pad - i * 1900));
      return csvFile([...lengths.map((length, i) => ({ ...product, sku: `PAD-${i}`, name: 'Padding', description: 'x'.repeat(length) })), product]);
    };
    // The emoji's first half is the last character of the first slice.
    let pad = 60_000;
    while (fileWith(pad).indexOf('\u{1F529}') < 65_535) pad += 1;
    const file = fileWith(pad);
    expect(file.indexOf('\u{1F529}')).toBe(65_535);
    expect((await importCsv(file)).json()).toMatchObject({ created: 35, errors: [] });
    expect((await productsTable()).find((p) => p.sku === 'EMOJI-1')?.name).toBe('Bolt \u{1F529}');
  });
});
