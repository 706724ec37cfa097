import { searchWords } from '../../shared/catalog.js';
import { spellingOf } from './spelling.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductNumber } from '../../shared/api.js';
import { fieldMessages } from '../../shared/schemas.js';
import { type Account, call, databaseKind, registerAdmin, startTestServer, type TestServer, validProduct } from '../test/harness.js';
import { countingQueries } from '../test/query-count.js';
import { lookupNumber, type MatchedAs } from './numbers.js';
import { listedProductDtos, listProducts, type ProductListOptions, visibleProductDto, visibleProductDtoBySku } from './service.js';

const PAD_NUMBERS: ProductNumber[] = [
  { type: 'superseded', brand: '', number: 'BR-1500' },
  { type: 'oe', brand: 'Toyota', number: '04465-02220' },
  { type: 'interchange', brand: 'Stopwell', number: 'SW 7781.2' },
  { type: 'oe', brand: 'Volkswagen', number: '5Q0 698 151' },
];

describe(`cross-reference numbers and number lookup (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  let pads: Product;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    pads = await create({ sku: 'BR-1507', name: 'Brake Pad Set', numbers: PAD_NUMBERS });
  });
  afterAll(() => server.close());

  async function create(body: Record<string, unknown>): Promise<Product> {
    const response = await call(server.app, 'POST', '/api/products', { token: admin.token, body: { ...validProduct, ...body } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const patch = (id: string, body: object) => call(server.app, 'PATCH', `/api/products/${id}`, { token: admin.token, body });
  const lookup = (number: string) => call(server.app, 'GET', `/api/parts/lookup?number=${encodeURIComponent(number)}`);
  const search = async (q: string) => ((await call(server.app, 'GET', `/api/products?limit=100&q=${encodeURIComponent(q)}`)).json().items as Product[]).map((p) => p.sku);

  it('answers a part with its numbers (OE, interchange, superseded, each as listed), everywhere a part is answered', async () => {
    const ordered = [PAD_NUMBERS[1], PAD_NUMBERS[3], PAD_NUMBERS[2], PAD_NUMBERS[0]];
    expect(pads.numbers).toEqual(ordered);
    expect((await call(server.app, 'GET', `/api/products/${pads._id}`)).json().numbers).toEqual(ordered);
    expect((await call(server.app, 'GET', '/api/products/sku/br1507')).json().numbers).toEqual(ordered);
    expect((await lookup('0446502220')).json().product.numbers).toEqual(ordered);
    expect((await call(server.app, 'GET', `/api/admin/products/${pads._id}`, { token: admin.token })).json().numbers).toEqual(ordered);
    const listed = (await call(server.app, 'GET', '/api/products?limit=10')).json().items as Product[];
    expect(listed.find((p) => p.sku === 'BR-1507')!.numbers).toEqual(ordered);
    const plain = await create({ sku: 'BR-9' });
    expect(plain.numbers).toEqual([]);
    expect((await call(server.app, 'GET', `/api/products/${plain._id}`)).json().numbers).toEqual([]);
  });

  it('answers a part page, by id or by part number, with one query', async () => {
    const counted = countingQueries(server.db.kysely);
    expect((await visibleProductDto(counted.db, Number(pads._id))).numbers).toEqual(pads.numbers);
    expect(counted.queries()).toBe(1);
    expect((await visibleProductDtoBySku(counted.db, 'br 1507'))._id).toBe(pads._id);
    expect(counted.queries()).toBe(2);
  });

  let listsAsked = 0;
  it.each<Omit<ProductListOptions, 'status' | 'limit'>>([{}, { q: 'brake pad' }, { q: 'brake pad', sort: 'price' }, { inStock: true, sort: 'name' }])(
    'answers a page of a list (%j) with its parts’ numbers in one query',
    async (options) => {
      const plain = await create({ sku: `BR-70${(listsAsked += 1)}`, name: 'Brake Pad Kit' });
      // A search first reads its synonyms and the catalog words its typos may mean (a few queries, whatever
      // the page holds); the names' words are read once after a change and kept, so both counts below see them kept.
      if (options.q) await spellingOf(server.db.kysely, searchWords(options.q));
      const counted = countingQueries(server.db.kysely);
      const page = await listProducts(counted.db, { status: 'for-sale', limit: 50, ...options });
      const items = listedProductDtos(page.rows);
      const spelling = countingQueries(server.db.kysely);
      if (options.q) await spellingOf(spelling.db, searchWords(options.q));
      expect(counted.queries() - spelling.queries()).toBe(1);
      expect(items.find((p) => p._id === pads._id)!.numbers).toEqual(pads.numbers);
      expect(items.find((p) => p._id === plain._id)!.numbers).toEqual([]);
    },
  );

  it('finds the part by our part number, a superseded, an OE or an interchange number, spelled any way', async () => {
    const cases: [string, string, string][] = [
      ['br 1507', 'sku', 'BR-1507'],
      ['BR1500', 'superseded', 'BR-1500'],
      ['br-15.00', 'superseded', 'BR-1500'],
      ['0446502220', 'oe', '04465-02220'],
      ['04465 02220', 'oe', '04465-02220'],
      ['5q0-698-151', 'oe', '5Q0 698 151'],
      ['sw77812', 'interchange', 'SW 7781.2'],
    ];
    for (const [typed, matchedAs, number] of cases) {
      const response = await lookup(typed);
      expect(response.statusCode, typed).toBe(200);
      expect(response.json(), typed).toMatchObject({ matchedAs, number, product: { _id: pads._id, sku: 'BR-1507', numbers: pads.numbers } });
    }
  });

  it('answers 404 when no part for sale has the number, 400 when none is given', async () => {
    for (const number of ['04465-99999', '--', 'BR-150']) expect((await lookup(number)).statusCode, number).toBe(404);
    expect((await call(server.app, 'GET', '/api/parts/lookup')).statusCode).toBe(400);
    expect((await call(server.app, 'GET', '/api/parts/lookup?number=%20')).statusCode).toBe(400);
  });

  it('prefers our part number, then a superseded number, then OE, then interchange', async () => {
    const rotor = await create({ sku: 'OE-7700', name: 'Rotor', numbers: [{ type: 'oe', brand: 'Ford', number: 'FL3Z-2001-A' }] });
    const other = await create({
      sku: 'BR-2000',
      name: 'Other Pads',
      numbers: [
        { type: 'oe', brand: 'Toyota', number: 'OE 7700' },
        { type: 'interchange', brand: 'Stopwell', number: 'FL3Z2001A' },
        { type: 'interchange', brand: 'Stopwell', number: '04465-02220' },
        { type: 'superseded', brand: '', number: 'XX-1' },
      ],
    });
    const third = await create({ sku: 'BR-3000', name: 'Third Pads', numbers: [{ type: 'oe', brand: 'Ford', number: 'XX 1' }] });
    expect((await lookup('oe7700')).json()).toMatchObject({ matchedAs: 'sku', number: 'OE-7700', product: { _id: rotor._id } });
    expect((await lookup('fl3z 2001 a')).json()).toMatchObject({ matchedAs: 'oe', number: 'FL3Z-2001-A', product: { _id: rotor._id } });
    expect((await lookup('0446502220')).json()).toMatchObject({ matchedAs: 'oe', product: { _id: pads._id } });
    expect((await lookup('xx1')).json()).toMatchObject({ matchedAs: 'superseded', number: 'XX-1', product: { _id: other._id } });
    // The part that matched is taken off the shop: the next way of matching leads on.
    await patch(rotor._id, { active: false });
    expect((await lookup('oe7700')).json()).toMatchObject({ matchedAs: 'oe', number: 'OE 7700', product: { _id: other._id } });
    expect((await lookup('fl3z2001a')).json()).toMatchObject({ matchedAs: 'interchange', product: { _id: other._id } });
    await patch(other._id, { active: false });
    expect((await lookup('xx1')).json()).toMatchObject({ matchedAs: 'oe', product: { _id: third._id } });
    expect((await lookup('oe7700')).statusCode).toBe(404);
  });

  it('looks a number up, with the part\'s numbers, by one query, whichever way it matches', async () => {
    const ways: [string, MatchedAs][] = [['br1507', 'sku'], ['BR 1500', 'superseded'], ['0446502220', 'oe'], ['sw-7781-2', 'interchange']];
    for (const [number, matchedAs] of ways) {
      const counted = countingQueries(server.db.kysely);
      expect(await lookupNumber(counted.db, number)).toMatchObject({ matchedAs, product: { id: Number(pads._id) }, numbers: pads.numbers });
      expect(counted.queries(), number).toBe(1);
    }
  });

  it('replaces the numbers with PATCH, and the search finds the part by its numbers however typed, and no longer by old ones', async () => {
    expect(await search('04465-02220')).toEqual(['BR-1507']);
    expect(await search('0446502220')).toEqual(['BR-1507']);
    expect(await search('5Q0 698 151')).toEqual(['BR-1507']);
    const numbers = [{ type: 'oe', brand: 'Honda', number: '45022-TBA-A01' }];
    const response = await patch(pads._id, { numbers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().numbers).toEqual(numbers);
    expect((await call(server.app, 'GET', `/api/products/${pads._id}`)).json().numbers).toEqual(numbers);
    expect(await search('45022-tba-a01')).toEqual(['BR-1507']);
    expect(await search('45022TBAA01')).toEqual(['BR-1507']);
    expect(await search('0446502220')).toEqual([]);
    expect((await lookup('04465-02220')).statusCode).toBe(404);
    expect((await patch(pads._id, { numbers: PAD_NUMBERS })).json().numbers).toHaveLength(4);
    expect((await patch(pads._id, { price: 25 })).json().numbers).toHaveLength(4);
  });

  it('refuses a superseded number that a part for sale still has (409), and the same number twice (400), changing nothing', async () => {
    const holder = await create({ sku: 'BR-4000', name: 'Current Pads' });
    const refused = await patch(pads._id, { numbers: [...PAD_NUMBERS, { type: 'superseded', brand: '', number: 'br 4000' }] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'number_current', fields: { numbers: fieldMessages.numberStillCurrent('BR-4000', 'Current Pads') } });
    const created = await call(server.app, 'POST', '/api/products', {
      token: admin.token,
      body: { ...validProduct, sku: 'BR-4001', numbers: [{ type: 'superseded', brand: '', number: 'BR-4000' }] },
    });
    expect(created.statusCode).toBe(409);
    expect((await call(server.app, 'GET', '/api/products/sku/BR-4001')).statusCode).toBe(404);

    const twice = await patch(pads._id, { numbers: [{ type: 'oe', brand: 'Toyota', number: '04465-02220' }, { type: 'oe', brand: 'Lexus', number: '0446502220' }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields).toEqual({ numbers: fieldMessages.numberRepeated('OE number', '0446502220') });
    expect((await call(server.app, 'GET', `/api/products/${pads._id}`)).json().numbers).toHaveLength(4);

    // Once the holder is archived its number may be superseded: the renumbered part is found by it.
    await patch(holder._id, { active: false });
    const renumbered = await patch(pads._id, { numbers: [...PAD_NUMBERS, { type: 'superseded', brand: '', number: 'BR-4000' }] });
    expect(renumbered.statusCode, renumbered.body).toBe(200);
    expect((await lookup('BR 4000')).json()).toMatchObject({ matchedAs: 'superseded', product: { _id: pads._id } });
    // A part may list its own number among its superseded ones (the lookup still answers it as ours).
    expect((await patch(pads._id, { numbers: [{ type: 'superseded', brand: '', number: 'BR-1507' }] })).statusCode).toBe(200);
    expect((await lookup('BR-1507')).json()).toMatchObject({ matchedAs: 'sku' });
  });

  it('validates each number with the part-number rules', async () => {
    const response = await patch(pads._id, { numbers: [{ type: 'oem', brand: 'Toyota', number: '04465_02220!' }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({ 'numbers.0.type': fieldMessages.numberTypeInvalid, 'numbers.0.number': fieldMessages.skuInvalid });
  });

  it('removes a part together with its numbers', async () => {
    const gone = await create({ sku: 'BR-5000', numbers: [{ type: 'oe', brand: 'Ford', number: 'GONE-1' }] });
    expect((await call(server.app, 'DELETE', `/api/products/${gone._id}`, { token: admin.token })).statusCode).toBe(200);
    expect((await lookup('GONE-1')).statusCode).toBe(404);
  });
});
