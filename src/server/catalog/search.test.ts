import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductPage } from '../../shared/api.js';
import { type Account, call, databaseKind, registerAdmin, startTestServer, type TestServer, validProduct } from '../test/harness.js';

/** Finding parts as buyers type: words, stems, part numbers however spelled, filters, sorts and pages. */
describe(`catalog search and filters (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  const ids: Record<string, string> = {};

  const parts = [
    { name: 'Brake Pad Set', sku: 'BL-1507', category: 'brakes', price: 24.5, stock: 500, min: 10, description: 'Ceramic front brake pads with shims.' },
    { name: 'Brake Disc', sku: 'BD-77.20', category: 'brakes', price: 61, stock: 10, min: 10, stockAfter: 5, description: 'Vented disc, 280 mm.' },
    { name: 'Tire', sku: 'TR-205', category: 'wheels-tires', price: 140, stock: 80, min: 4, description: 'All-season radial tire.', specs: [{ name: 'Size', value: '205/55 R16' }] },
    { name: 'Headlight', sku: 'HL 9000', category: 'lighting', price: 94, stock: 300, min: 1, description: 'Sealed LED headlight unit.' },
    { name: 'Wiper Blade', sku: 'WB-18', category: 'wipers', price: 9.99, stock: 900, min: 20, description: 'Beam blade; pairs well with brake light cleaning kits.' },
    { name: 'Fog Lamp', sku: 'FL/12', category: 'lighting', price: 35, stock: 50, min: 50, stockAfter: 40, description: 'Halogen fog lamp.', specs: [{ name: 'Bulb type', value: 'H11' }] },
  ];

  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    for (const { stockAfter, ...part } of parts) {
      const response = await call(server.app, 'POST', '/api/products', { token: admin.token, body: { ...validProduct, ...part } });
      expect(response.statusCode, response.body).toBe(201);
      ids[part.name] = response.json()._id;
      // Parts that ran short since: below their minimum, so they cannot be ordered.
      if (stockAfter !== undefined) await call(server.app, 'PATCH', `/api/products/${ids[part.name]}`, { token: admin.token, body: { stock: stockAfter } });
    }
  });
  afterAll(() => server.close());

  const page = async (query: string) => {
    const response = await call(server.app, 'GET', `/api/products?${query.includes('limit=') ? '' : 'limit=50&'}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ProductPage;
  };
  const names = async (query: string) => (await page(query)).items.map((p) => p.name);

  it('finds a part number ignoring case, spaces, dots, dashes and slashes', async () => {
    for (const q of ['BL-1507', 'bl1507', 'BL-150 7', 'b.l.1507', 'bl15']) expect(await names(`q=${encodeURIComponent(q)}`), q).toEqual(['Brake Pad Set']);
    for (const q of ['bd7720', 'BD 77 20']) expect(await names(`q=${encodeURIComponent(q)}`), q).toEqual(['Brake Disc']);
    expect(await names('q=hl9000')).toEqual(['Headlight']);
    expect(await names(`q=${encodeURIComponent('fl 12')}`)).toEqual(['Fog Lamp']);
  });

  it('searches words forgivingly over names, descriptions and spec values', async () => {
    expect(await names('q=brake%20pads')).toEqual(['Brake Pad Set']);
    expect(await names('q=tires')).toEqual(['Tire']);
    expect(await names('q=LED')).toEqual(['Headlight']);
    expect(await names(`q=${encodeURIComponent('205/55')}`)).toEqual(['Tire']);
    expect(await names('q=h11')).toEqual(['Fog Lamp']);
    expect((await names('q=br')).sort()).toEqual(['Brake Disc', 'Brake Pad Set', 'Wiper Blade']);
    expect(await names('q=hea')).toEqual(['Headlight']);
    expect(await names('q=nothing%20like%20this')).toEqual([]);
  });

  it('ranks a match in the name above one in a description', async () => {
    const found = await names('q=brake');
    expect(found.slice(0, 2).sort()).toEqual(['Brake Disc', 'Brake Pad Set']);
    expect(found.at(-1)).toBe('Wiper Blade');
  });

  it('lists the part whose number is the search first, for sale or archived as each list shows them', async () => {
    const add = async (part: { name: string; sku: string; description: string; numbers?: { type: string; brand: string; number: string }[] }) => {
      const created = await call(server.app, 'POST', '/api/products', { token: admin.token, body: { ...validProduct, category: 'lighting', stock: 5, min: 1, ...part } });
      expect(created.statusCode, created.body).toBe(201);
      return created.json()._id as string;
    };
    // "Lamp Holder" matches by its name, description and three OE numbers, "Fog Lamp" by its name and
    // description; "Bulb" by its own number alone, which is the search.
    const oe = (number: string) => ({ type: 'oe', brand: 'Acme', number });
    const added = [
      await add({ name: 'Bulb', sku: 'LAMP', description: 'A spare bulb.' }),
      await add({ name: 'Lamp Holder', sku: 'LH-2', description: 'Holds a lamp.', numbers: [oe('LAMP-1'), oe('LAMP-2'), oe('LAMP-3')] }),
    ];
    const adminNames = async (status: string) =>
      ((await call(server.app, 'GET', `/api/admin/products?status=${status}&q=lamp`, { token: admin.token })).json() as ProductPage).items.map((p) => p.name);
    try {
      expect(await names('q=lamp')).toEqual(['Bulb', 'Lamp Holder', 'Fog Lamp']);
      expect(await adminNames('all')).toEqual(['Bulb', 'Lamp Holder', 'Fog Lamp']);
      await call(server.app, 'PATCH', `/api/products/${added[0]}`, { token: admin.token, body: { active: false } });
      expect(await names('q=lamp')).toEqual(['Lamp Holder', 'Fog Lamp']);
      expect(await adminNames('archived')).toEqual(['Bulb']);
      expect(await adminNames('all')).toEqual(['Bulb', 'Lamp Holder', 'Fog Lamp']);
    } finally {
      for (const id of added) await call(server.app, 'DELETE', `/api/products/${id}`, { token: admin.token });
    }
  });

  it('filters by category and by what can be ordered, and says so in the categories', async () => {
    expect((await names('category=lighting')).sort()).toEqual(['Fog Lamp', 'Headlight']);
    expect(await names('category=lighting&inStock=true')).toEqual(['Headlight']);
    expect(await names('category=brakes&inStock=true')).toEqual(['Brake Pad Set']);
    expect(await names('q=brake&category=wipers')).toEqual(['Wiper Blade']);
    const categories = (await call(server.app, 'GET', '/api/categories')).json() as { slug: string; name: string; count: number }[];
    expect(categories.find((c) => c.slug === 'lighting')).toEqual({ slug: 'lighting', name: 'Lighting', count: 2 });
    expect(categories.find((c) => c.slug === 'wheels-tires')).toEqual({ slug: 'wheels-tires', name: 'Wheels & Tires', count: 1 });
    expect(categories.find((c) => c.slug === 'mirrors')?.count).toBe(0);
  });

  it('refuses an unknown category, sort or cursor with a message', async () => {
    for (const query of ['category=rockets', 'sort=cheapest', 'inStock=yes', 'cursor=abc', 'sort=price&cursor=bm90IGpzb24', 'q=brake&cursor=o99999999']) {
      const response = await call(server.app, 'GET', `/api/products?limit=5&${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toMatch(/categor|Sort|true or false|cursor/i);
    }
  });

  it('sorts by price both ways and by name, and pages through every part exactly once', async () => {
    const byPrice = parts.map((p) => p).sort((a, b) => a.price - b.price).map((p) => p.name);
    for (const [sort, expected] of [
      ['price', byPrice],
      ['-price', [...byPrice].reverse()],
      ['name', parts.map((p) => p.name).sort()],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const next: ProductPage = await page(`sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...next.items.map((p) => p.name));
        cursor = next.nextCursor;
      } while (cursor);
      expect(seen.filter((name) => expected.includes(name)), sort).toEqual(expected);
    }
  });

  it('pages a ranked search without repeating or losing a part', async () => {
    const all = await names('q=brake');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next: ProductPage = await page(`q=brake&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...next.items.map((p) => p.name));
      cursor = next.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('opens a part by its part number spelled any way, and 404s an unknown one', async () => {
    for (const sku of ['BL-1507', 'bl1507', 'bl-15-07']) {
      const response = await call(server.app, 'GET', `/api/products/sku/${encodeURIComponent(sku)}`);
      expect(response.statusCode, sku).toBe(200);
      expect((response.json() as Product)._id).toBe(ids['Brake Pad Set']);
    }
    expect((await call(server.app, 'GET', '/api/products/sku/NOPE-1')).statusCode).toBe(404);
    expect((await call(server.app, 'GET', `/api/products/sku/${encodeURIComponent('<script>')}`)).statusCode).toBe(400);
  });

  it('keeps the index in step with edits: a renamed part is found by its new name and number only', async () => {
    const id = ids['Wiper Blade']!;
    const response = await call(server.app, 'PATCH', `/api/products/${id}`, { token: admin.token, body: { name: 'Rear Wiper Arm', sku: 'WA-300' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await names('q=arm')).toEqual(['Rear Wiper Arm']);
    expect(await names('q=wa300')).toEqual(['Rear Wiper Arm']);
    expect(await names('q=wb18')).toEqual([]);
    expect(await names('q=blade')).toEqual(['Rear Wiper Arm']);
  });
});
