import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductImportReport } from '../../shared/api.js';
import { importCopy } from '../../shared/back-office-copy.js';
import { fieldMessages } from '../../shared/schemas.js';
import { type Account, call, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer, validProduct } from '../test/harness.js';
import { CSV_COLUMNS } from './csv-export.js';

/** The catalog import's preview (issue 62): which rows change what, each problem with its part number and cell, and the template. */
describe(`catalog import preview and template (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let customer: Account;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    customer = await registerCustomer(server.app);
  });
  afterAll(() => server.close());

  const importCsv = async (csv: string, dryRun: boolean) => {
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/products/import${dryRun ? '?dryRun=true' : ''}`,
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${admin.token}` },
      payload: csv,
    });
    return { status: response.statusCode, report: response.json() as ProductImportReport };
  };
  const createProduct = async (body: Record<string, unknown>) => {
    const response = await call(server.app, 'POST', '/api/products', { token: admin.token, body: { ...validProduct, ...body } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { _id: string };
  };
  const productOf = async (id: string) => (await call(server.app, 'GET', `/api/admin/products/${id}`, { token: admin.token })).json();

  it('lists each row it creates or changes with field: old → new, counts the unchanged ones, and the apply answers the same list', async () => {
    const headlight = await createProduct({ sku: 'PV-100', name: 'Preview Headlight', price: 24.5, stock: 10, min: 1, category: 'lighting' });
    const pads = await createProduct({ sku: 'PV-200', name: 'Preview Pads', price: 8, stock: 10, min: 1, category: 'brakes' });
    await createProduct({ sku: 'PV-300', name: 'Preview Lamp', price: 3, stock: 7, min: 1, category: 'lighting' });
    const csv = [
      'sku,name,description,price,stock,min,category,img',
      // Row 2: only the price changes; row 3: only the stock; row 4 as the part is; row 5 a new part.
      `PV-100,Preview Headlight,${validProduct.description},23.90,10,1,lighting,${validProduct.img}`,
      `pv 200,Preview Pads,${validProduct.description},8.00,25,1,Brakes,${validProduct.img}`,
      `PV-300,Preview Lamp,${validProduct.description},3,7,1,lighting,${validProduct.img}`,
      `PV-400,Preview Mirror,Wide angle,1234.5,1250,2,mirrors,${validProduct.img}`,
    ].join('\n');
    const expected: ProductImportReport = {
      created: 1,
      updated: 2,
      unchanged: 1,
      errors: [],
      errorCount: 0,
      changes: [
        { row: 2, sku: 'PV-100', action: 'update', changes: [{ field: 'price', from: '24.50', to: '23.90' }] },
        { row: 3, sku: 'pv 200', action: 'update', changes: [{ field: 'stock', from: '10', to: '25' }] },
        {
          row: 5,
          sku: 'PV-400',
          action: 'create',
          changes: [
            { field: 'name', from: null, to: 'Preview Mirror' },
            { field: 'description', from: null, to: 'Wide angle' },
            { field: 'price', from: null, to: '1,234.50' },
            { field: 'stock', from: null, to: '1,250' },
            { field: 'min', from: null, to: '2' },
            { field: 'category', from: null, to: 'Mirrors' },
            { field: 'img', from: null, to: validProduct.img },
          ],
        },
      ],
    };
    expect(await importCsv(csv, true)).toEqual({ status: 200, report: expected });
    expect(await importCsv(csv, false)).toEqual({ status: 200, report: expected });
    expect(await productOf(headlight._id)).toMatchObject({ price: 23.9, stock: 10 });
    expect(await productOf(pads._id)).toMatchObject({ price: 8, stock: 25 });
  });

  it('names the row, the column, the part number and the bad value of each problem, and writes nothing', async () => {
    const part = await createProduct({ sku: 'HL-100', price: 12, stock: 5, min: 1 });
    await createProduct({ sku: 'HL-200', price: 4, stock: 5, min: 1 });
    const csv = 'sku,price,stock\nHL-100,twelve,5\nHL-200,4,-3\n';
    const dryRun = await importCsv(csv, true);
    expect(dryRun).toEqual({
      status: 200,
      report: {
        created: 0,
        updated: 0,
        unchanged: 0,
        changes: [],
        errorCount: 2,
        errors: [
          { row: 2, column: 'price', sku: 'HL-100', value: 'twelve', message: fieldMessages.pricePositive },
          { row: 3, column: 'stock', sku: 'HL-200', value: '-3', message: fieldMessages.stockNotNegative },
        ],
      },
    });
    expect((await importCsv(csv, false)).status).toBe(422);
    expect(await productOf(part._id)).toMatchObject({ price: 12, stock: 5 });
  });

  it("offers a template with exactly the import's columns and one made-up row that imports as a new part", async () => {
    const response = await call(server.app, 'GET', '/api/products/import-template.csv', { token: admin.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="partsmith-import-template-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parse(response.body) as string[][];
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(rows).toEqual([CSV_COLUMNS.map((column) => importCopy.templateExample[column])]);

    const imported = await importCsv(response.body, false);
    expect(imported.report).toMatchObject({ created: 1, updated: 0, unchanged: 0, errors: [] });
    expect(imported.report.changes).toEqual([expect.objectContaining({ row: 2, sku: 'EX-1001', action: 'create' })]);
    const page = (await call(server.app, 'GET', '/api/admin/products', { token: admin.token })).json();
    expect(page.items.filter((p: { sku: string }) => p.sku === 'EX-1001')).toEqual([
      expect.objectContaining({
        sku: 'EX-1001',
        name: 'Example Wiper Blade',
        price: 12.5,
        stock: 40,
        category: { slug: 'wipers', name: 'Wipers' },
        priceBreaks: [
          { minQuantity: 10, price: 11.5 },
          { minQuantity: 50, price: 10.9 },
        ],
      }),
    ]);
    // The same file again changes nothing.
    expect((await importCsv(response.body, true)).report).toMatchObject({ created: 0, updated: 0, unchanged: 1, changes: [] });
  });

  it('gives the template to admins only', async () => {
    expect((await call(server.app, 'GET', '/api/products/import-template.csv')).statusCode).toBe(401);
    expect((await call(server.app, 'GET', '/api/products/import-template.csv', { token: customer.token })).statusCode).toBe(403);
  });
});
