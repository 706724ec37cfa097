/** The exports a spreadsheet opens: no cell of them runs as a formula, however the file is split into cells. */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, TEST_ADDRESS, type TestServer } from '../test/harness.js';
import { csvLines, guardCell, unguardCell } from './csv.js';

const FORMULA_START = /^[=+\-@\t\r]/;

/** Every cell a reader splitting on `;` finds, with its own quoting taken off (as Excel does in the locales that use `;`). */
const cellsSplitOnSemicolons = (text: string) =>
  (parse(text, { delimiter: ';', relax_quotes: true, relax_column_count: true, bom: true }) as string[][]).flat();

/** Every piece between separators for a reader that ignores quotes, its leading quote characters dropped. */
const naivePieces = (text: string) => text.split(/[,;\t\r\n]/).map((piece) => piece.replace(/^"+/, ''));

describe('the formula guard on cells', () => {
  it('puts a quote before a formula character after any separator, tab or line break, and takes exactly that out again', () => {
    expect(guardCell('Acme;=1+1;x')).toBe("Acme;'=1+1;x");
    expect(guardCell("PO-1;=cmd|' /C calc'!A0")).toBe("PO-1;'=cmd|' /C calc'!A0");
    expect(guardCell('a,+b\n-c\t@d')).toBe("a,'+b\n'-c\t'@d");
    expect(guardCell('=x')).toBe("'=x");
    expect(guardCell('plain; text, with-dashes')).toBe('plain; text, with-dashes');
    const texts = ['Acme;=1+1;x', ';=1+1', "a;'=b", "a;''=b", 'a;"=b', "''=", "'plain", 'x\t\t=y', '\r=', ';;=', "=;'-;''+", 'a; =b', ''];
    for (const text of texts) expect(unguardCell(guardCell(text)), JSON.stringify(text)).toBe(text);
  });

  it('round-trips any text made of separators, quotes and formula characters', () => {
    const alphabet = [',', ';', '\t', '\r', '\n', "'", '"', '=', '+', '-', '@', 'a', ' '];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 5000; i++) {
      const text = Array.from({ length: next() % 9 }, () => alphabet[next() % alphabet.length]).join('');
      expect(unguardCell(guardCell(text)), JSON.stringify(text)).toBe(text);
      expect(naivePieces(guardCell(text)).filter((piece) => FORMULA_START.test(piece)), JSON.stringify(text)).toEqual([]);
    }
  });

  it('quotes every cell, empty ones too', () => {
    expect(csvLines([['a', '', '1']])).toBe('"a","","1"\r\n');
  });
});

describe(`exports read with ";" as the separator (${databaseKind})`, () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('the orders export: a customer name and a PO number with ";=" in them open as text', async () => {
    const admin = await registerAdmin(server);
    const customer = await registerCustomer(server.app, 'Acme;=1+1;x');
    const productId = await createProduct(server.app, admin, { name: 'Brake Pads;+1', sku: 'BP-58' });
    const placed = await call(server.app, 'POST', '/api/orders', {
      token: customer.token,
      body: { productId, quantity: 10, phone: '5550100', shippingAddress: TEST_ADDRESS, poNumber: "PO-1;=cmd|' /C calc'!A0" },
    });
    expect(placed.statusCode, placed.body).toBe(201);

    const exported = await call(server.app, 'GET', '/api/orders/export.csv?bom=true', { token: admin.token });
    expect(exported.statusCode).toBe(200);
    const cells = cellsSplitOnSemicolons(exported.body);
    expect(cells.some((cell) => cell.includes('=1+1'))).toBe(true);
    expect(cells.some((cell) => cell.includes('=cmd|'))).toBe(true);
    expect(cells.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
    expect(naivePieces(exported.body.slice(1)).filter((piece) => FORMULA_START.test(piece))).toEqual([]);

    // Read as written (with ","), the cells still carry the text as typed, after the guard's quotes.
    const [, row] = parse(exported.body, { bom: true }) as string[][];
    expect(row).toContain("Acme;'=1+1;x");
    expect(row).toContain("PO-1;'=cmd|' /C calc'!A0");
  });

  it('the catalog export: a name with ";=" opens as text there and is read back by the import unchanged', async () => {
    const admin = await registerAdmin(server);
    const name = ';=1+1 Pads; -40 rated';
    const description = "Fits;'=already quoted\n=HYPERLINK(\"x\"),+1";
    await createProduct(server.app, admin, { name, description, sku: 'SC-58' });
    const exported = await call(server.app, 'GET', '/api/products/export.csv', { token: admin.token });
    expect(exported.statusCode).toBe(200);
    expect(cellsSplitOnSemicolons(exported.body).filter((cell) => FORMULA_START.test(cell))).toEqual([]);

    const imported = await server.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${admin.token}` },
      payload: exported.body,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ created: 0, updated: 0, errors: [] });
    const product = await server.db.kysely.selectFrom('products').select(['name', 'description']).where('sku', '=', 'SC-58').executeTakeFirstOrThrow();
    expect(product).toEqual({ name, description });
  });
});
