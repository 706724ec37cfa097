import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '../../shared/api.js';
import { withinOneTypo } from '../../shared/choosing.js';
import { createVehicles } from '../fitment/service.js';
import { type Account, call, createProduct, databaseKind, registerAdmin, registerCustomer, startTestServer, type TestServer } from '../test/harness.js';

describe(`search that forgives typos and knows the trade's words (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    for (const [name, sku, category] of [
      ['Alternator 90A', 'AL-100', 'electrical'],
      ['Headlight Assembly', 'HL-200', 'lighting'],
      ['Vented Brake Disc', 'BD-300', 'brakes'],
      ['Brake Disc Pair', 'BD-301', 'brakes'],
      ['Ceramic Brake Pad Set', 'BP-400', 'brakes'],
      ['Halogen Lamp', 'HB-500', 'lighting'],
      ['Winter Tire', 'TR-600', 'wheels-tires'],
      ['Viper Horn', 'VH-700', 'electrical'],
      ['Wiper Blade', 'WB-710', 'wipers'],
      ['Motor Mount', 'MM-800', 'engine'],
    ] as const) {
      await createProduct(server.app, admin, { name, sku, category, stock: 50, min: 1, description: 'A part.' });
    }
  });
  afterAll(() => server.close());

  const search = async (q: string) => {
    const response = await call(server.app, 'GET', `/api/products?limit=50&q=${encodeURIComponent(q)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ProductPage;
  };
  const names = async (q: string) => (await search(q)).items.map((p) => p.name);

  it.each([
    ['a wrong letter', 'headlighd', 'Headlight Assembly'],
    ['a missing letter', 'headlght', 'Headlight Assembly'],
    ['an extra letter', 'headliight', 'Headlight Assembly'],
    ['two letters swapped', 'headlgiht', 'Headlight Assembly'],
    ['a wrong first letter', 'jeadlight', 'Headlight Assembly'],
  ])('finds a part with %s in a word (%s)', async (_kind, q, found) => {
    const page = await search(q);
    expect(page.items.map((p) => p.name)).toEqual([found]);
    expect(page.didYouMean).toBe('headlight');
  });

  it('ranks the exact match above the parts found through a typo, and offers no better spelling for a word the catalog has', async () => {
    const page = await search('viper');
    expect(page.items.map((p) => p.name)).toEqual(['Viper Horn', 'Wiper Blade']);
    expect(page.didYouMean).toBeNull();
    const other = await search('wiper');
    expect(other.items.map((p) => p.name)).toEqual(['Wiper Blade', 'Viper Horn']);
    const typo = await search('alternater');
    expect(typo.items.map((p) => p.name)).toEqual(['Alternator 90A']);
  });

  it('forgives no typo in words shorter than five letters, nor in numbers', async () => {
    expect(await names('tyre')).toEqual([]);
    expect(await names('lamb')).toEqual([]);
    expect(await names('AL-101')).toEqual([]);
    expect((await search('brake disk')).items.map((p) => p.name).sort()).toEqual([]);
  });

  it('still finds words as they start, and says nothing while a word is still being typed', async () => {
    const page = await search('headl');
    expect(page.items.map((p) => p.name)).toEqual(['Headlight Assembly']);
    expect(page.didYouMean).toBeNull();
    // The start of a word past its stem ("alternator" is indexed as "altern").
    for (const typed of ['alterna', 'alternat', 'alternato', 'headlig']) {
      const started = await search(typed);
      expect(started.items.map((p) => p.name), typed).toEqual([typed.startsWith('alt') ? 'Alternator 90A' : 'Headlight Assembly']);
      expect(started.didYouMean, typed).toBeNull();
    }
    expect((await search('hedlight assembly')).didYouMean).toBe('headlight assembly');
  });

  it("applies the staff's synonyms both ways, single words and phrases", async () => {
    const customer = await registerCustomer(server.app);
    const groups = { groups: [['Rotor', 'brake disc'], ['pads', 'brake pad'], ['bulb', 'lamp'], ['tyre', 'tire']] };
    expect((await call(server.app, 'PUT', '/api/admin/search/synonyms', { token: customer.token, body: groups })).statusCode).toBe(403);
    const saved = await call(server.app, 'PUT', '/api/admin/search/synonyms', { token: admin.token, body: groups });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().groups[0]).toEqual(['rotor', 'brake disc']);
    expect((await call(server.app, 'GET', '/api/admin/search/synonyms', { token: admin.token })).json()).toEqual(saved.json());
    const audit = (await call(server.app, 'GET', '/api/audit', { token: admin.token })).json() as { action: string; target: string }[];
    expect(audit).toContainEqual(expect.objectContaining({ action: 'search.synonyms', target: '4 synonym groups' }));

    expect((await names('rotor')).sort()).toEqual(['Brake Disc Pair', 'Vented Brake Disc']);
    expect((await names('vented rotor'))).toEqual(['Vented Brake Disc']);
    await createProduct(server.app, admin, { name: 'Rear Rotor', sku: 'RR-900', category: 'brakes', stock: 5, min: 1 });
    expect((await names('brake disc')).sort()).toEqual(['Brake Disc Pair', 'Rear Rotor', 'Vented Brake Disc']);
    expect(await names('pads')).toEqual(['Ceramic Brake Pad Set']);
    expect(await names('bulb')).toEqual(['Halogen Lamp']);
    expect(await names('tyre')).toEqual(['Winter Tire']);
    // A correction of a typo is no synonym: "rotar" is a typo of "rotor" (the part's name) only.
    expect(await names('rotar')).toEqual(['Rear Rotor']);

    const bad = await call(server.app, 'PUT', '/api/admin/search/synonyms', { token: admin.token, body: { groups: [['rotor', 'disc'], ['disc', 'platter']] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('"disc" is in more than one group');
    expect((await call(server.app, 'PUT', '/api/admin/search/synonyms', { token: admin.token, body: { groups: [['lonely']] } })).statusCode).toBe(400);
    await call(server.app, 'PUT', '/api/admin/search/synonyms', { token: admin.token, body: { groups: [] } });
    expect(await names('tyre')).toEqual([]);
  });

  it("corrects to a part's new name at once, and to a new part's", async () => {
    expect((await search('gasket')).didYouMean).toBeNull();
    const mount = (await search('motor mount')).items[0]!;
    const renamed = await call(server.app, 'PATCH', `/api/products/${mount._id}`, { token: admin.token, body: { name: 'Exhaust Gasket' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const page = await search('gaskit');
    expect(page.items.map((p) => p.name)).toEqual(['Exhaust Gasket']);
    expect(page.didYouMean).toBe('gasket');

    await createProduct(server.app, admin, { name: 'Radiator Hose', sku: 'RH-950', category: 'engine', stock: 5, min: 1 });
    expect((await search('radiatr')).items.map((p) => p.name)).toEqual(['Radiator Hose']);
  });

  it('holds a correction to one typo', () => {
    for (const [typed, word] of [['rotor', 'rotor'], ['rotr', 'rotor'], ['rootor', 'rotor'], ['rtoor', 'rotor'], ['motor', 'rotor']]) expect(withinOneTypo(typed!, word!), typed).toBe(true);
    for (const [typed, word] of [['rtr', 'rotor'], ['ortro', 'rotor'], ['rotors1', 'rotor'], ['tooor', 'rotor']]) expect(withinOneTypo(typed!, word!), typed).toBe(false);
  });
});

describe(`suggestions as one types (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    for (const [name, sku, category] of [
      ['Alternator 90A', 'AL-1001', 'electrical'],
      ['Alternator Pulley', 'AL-1002', 'electrical'],
      ['Brake Disc', 'BD-3000', 'brakes'],
    ] as const) {
      await createProduct(server.app, admin, { name, sku, category, stock: 50, min: 1 });
    }
    const archived = await createProduct(server.app, admin, { name: 'Alternator Old', sku: 'AL-1003', stock: 5, min: 1 });
    await call(server.app, 'PATCH', `/api/products/${archived}`, { token: admin.token, body: { active: false } });
  });
  afterAll(() => server.close());

  const suggest = async (q: string, token?: string) => {
    const response = await call(server.app, 'GET', `/api/search/suggest?q=${encodeURIComponent(q)}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { parts: { sku: string; name: string }[]; categories: { slug: string }[]; vehicles: { id: number; label: string }[] };
  };

  it('offers parts by the start of their names, a typo forgiven, and by part number however typed (only parts for sale)', async () => {
    expect((await suggest('alt')).parts.map((p) => p.name).sort()).toEqual(['Alternator 90A', 'Alternator Pulley']);
    expect((await suggest('alternater')).parts.map((p) => p.name).sort()).toEqual(['Alternator 90A', 'Alternator Pulley']);
    expect((await suggest('alternator pul')).parts.map((p) => p.name)).toEqual(['Alternator Pulley']);
    // Every letter typed on the way keeps offering them, past the word's stem too.
    for (let length = 3; length <= 'alternator'.length; length += 1) {
      const typed = 'alternator'.slice(0, length);
      expect((await suggest(typed)).parts.map((p) => p.name).sort(), typed).toEqual(['Alternator 90A', 'Alternator Pulley']);
    }
    expect((await suggest('al 1002')).parts).toEqual([expect.objectContaining({ sku: 'AL-1002', name: 'Alternator Pulley' })]);
    expect((await suggest('bd3')).parts.map((p) => p.sku)).toEqual(['BD-3000']);
    expect(await suggest('a')).toEqual({ parts: [], categories: [], vehicles: [] });
  });

  it('offers categories, and a signed-in buyer the vehicles of their own garage only', async () => {
    expect((await suggest('brak')).categories).toEqual([{ slug: 'brakes', name: 'Brakes' }]);
    expect((await suggest('electr')).categories.map((c) => c.slug)).toEqual(['electrical']);
    const [corolla] = await createVehicles(server.db.kysely, [{ year: 2015, make: 'Toyota', model: 'Corolla', submodel: 'LE', engine: '1.8L I4' }]);
    const buyer = await registerCustomer(server.app);
    const other = await registerCustomer(server.app);
    expect((await call(server.app, 'PUT', `/api/garage/${corolla!.id}`, { token: buyer.token })).statusCode).toBe(200);
    expect((await suggest('corol', buyer.token)).vehicles).toEqual([{ id: corolla!.id, label: '2015 Toyota Corolla LE 1.8L I4' }]);
    expect((await suggest('2015 toy', buyer.token)).vehicles.map((v) => v.id)).toEqual([corolla!.id]);
    expect((await suggest('corol', other.token)).vehicles).toEqual([]);
    expect((await suggest('corol')).vehicles).toEqual([]);
  });
});
