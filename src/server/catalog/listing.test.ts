import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategorySlug, ProductSort } from '../../shared/catalog.js';
import type { VehicleIdentity } from '../../shared/fitment.js';
import { asLongRead, LONG_READS_AT_ONCE } from '../db/long-reads.js';
import { databaseKind, freshDatabase, type TestDatabase } from '../test/databases.js';
import { type Fitment, fitmentInColumn, writeApplications } from './applications.js';
import { type ProductListOptions, queryProducts } from './listing.js';
import { createProducts } from './service.js';

interface Part {
  name: string;
  category: CategorySlug;
  price: number;
  stock: number;
  min: number;
  archived?: boolean;
  fits?: boolean;
}

const COROLLA: VehicleIdentity = { year: 2015, make: 'Toyota', model: 'Corolla', submodel: '', engine: '' };

const PARTS: Part[] = [
  { name: 'Alder Brake Pad', category: 'brakes', price: 20, stock: 50, min: 5, fits: true },
  { name: 'Birch Brake Disc', category: 'brakes', price: 60, stock: 2, min: 5 },
  { name: 'Cedar Oil Filter', category: 'filters', price: 20, stock: 40, min: 1, fits: true },
  { name: 'Damson Brake Hose', category: 'brakes', price: 15, stock: 9, min: 1, archived: true, fits: true },
  { name: 'Elm Air Filter', category: 'filters', price: 12, stock: 0, min: 2 },
  { name: 'Fir Brake Caliper', category: 'brakes', price: 60, stock: 30, min: 1, fits: true },
  { name: 'Gum Cabin Filter', category: 'filters', price: 18, stock: 3, min: 1, archived: true },
  { name: 'Hazel Brake Shoe', category: 'brakes', price: 33, stock: 12, min: 12 },
  { name: 'Ivy Fuel Filter', category: 'filters', price: 27, stock: 7, min: 1, fits: true },
];

/** The ids the list should hold, in its order, worked out here from the parts alone. */
function expected(ids: number[], options: ProductListOptions): number[] {
  const rows = PARTS.map((part, i) => ({ ...part, id: ids[i]! })).filter(
    (part) =>
      (options.status === 'all' || (options.status === 'archived') === Boolean(part.archived)) &&
      (!options.category || part.category === options.category) &&
      (!options.inStock || part.stock >= part.min) &&
      (!options.fitsOnly || !options.vehicle || part.fits) &&
      (!options.q || part.name.includes('Brake')),
  );
  const bySort: Record<ProductSort, (a: (typeof rows)[0], b: (typeof rows)[0]) => number> = {
    newest: (a, b) => b.id - a.id,
    price: (a, b) => a.price - b.price || a.id - b.id,
    '-price': (a, b) => b.price - a.price || b.id - a.id,
    name: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
    // None of these parts has a review: the best rated first is then the newest first (reviews.test.ts rates parts).
    rating: (a, b) => b.id - a.id,
  };
  return rows.sort(bySort[options.sort ?? 'newest']).map((part) => part.id);
}

/** How the part with this id fits the vehicle, if the list was given one, worked out here from the parts alone. */
function expectedFitment(ids: number[], id: number, options: ProductListOptions): Fitment | undefined {
  if (!options.vehicle) return undefined;
  return PARTS[ids.indexOf(id)]!.fits ? { fits: true, qualifier: 'With ABS', position: 'Front' } : { fits: false, qualifier: '', position: '' };
}

/** Every page of the list, two parts a page, one after another; each part's fitment as expected. */
async function everyPage(database: TestDatabase, ids: number[], options: ProductListOptions): Promise<number[]> {
  const listed: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryProducts(database.db.kysely, { ...options, ...(cursor ? { cursor } : {}) });
    for (const row of page.rows) {
      expect(row.fitment && fitmentInColumn(row.fitment), JSON.stringify(options)).toEqual(expectedFitment(ids, row.id, options));
    }
    listed.push(...page.rows.map((row) => row.id));
    cursor = page.nextCursor ?? undefined;
    if (listed.length > PARTS.length) throw new Error(`${JSON.stringify(options)} lists more parts than there are: ${listed.join(', ')}`);
  } while (cursor);
  return listed;
}

/** Every combination of filters, order and page lists what the parts say it should. */
describe(`product lists (${databaseKind})`, () => {
  let database: TestDatabase;
  let ids: number[];

  beforeAll(async () => {
    database = await freshDatabase();
    const db = database.db.kysely;
    const rows = await createProducts(
      db,
      PARTS.map((part) => ({ name: part.name, description: 'A part.', img: '/images/products/tire.svg', price: part.price, stock: 100, min: part.min, category: part.category })),
      { reason: 'edit', by: null },
    );
    ids = rows.map((row) => row.id);
    for (const [i, part] of PARTS.entries()) {
      await db
        .updateTable('products')
        .set({ stock: part.stock, archived_at: part.archived ? new Date().toISOString() : null })
        .where('id', '=', ids[i]!)
        .execute();
    }
    const fitting = PARTS.flatMap((part, i) => (part.fits ? [ids[i]!] : []));
    const application = { yearFrom: 2010, yearTo: 2018, make: 'Toyota', model: 'Corolla', submodel: '', engine: '', qualifier: 'With ABS', position: 'Front', quantity: 1, partTypeId: null };
    await writeApplications(db, fitting.map((productId) => ({ productId, applications: [application] })));
  });
  afterAll(() => database.drop());

  const statuses = ['for-sale', 'active', 'archived', 'all'] as const;
  const sorts = [undefined, 'price', '-price', 'name'] as const;

  it('lists what each combination of filters, order and page asks for', async () => {
    let lists = 0;
    for (const q of [undefined, 'brake'])
      for (const sort of sorts)
        for (const status of statuses)
          for (const category of [undefined, 'brakes'])
            for (const inStock of [false, true])
              for (const [vehicle, fitsOnly] of [[undefined, false], [COROLLA, true], [COROLLA, false]] as const) {
                const options: ProductListOptions = { status, limit: 2, inStock, fitsOnly, ...(q && { q }), ...(sort && { sort }), ...(category && { category }), ...(vehicle && { vehicle }) };
                const listed = await everyPage(database, ids, options);
                if (q && !sort) expect(listed.toSorted(), JSON.stringify(options)).toEqual(expected(ids, options).toSorted());
                else expect(listed, JSON.stringify(options)).toEqual(expected(ids, options));
                lists += listed.length > 0 ? 1 : 0;
              }
    expect(lists).toBeGreaterThan(100);
  });

  it('a search waits for a place among the long reads while they hold their share of the pool (PostgreSQL); on SQLite it never does', async () => {
    const db = database.db.kysely;
    const endings: (() => void)[] = [];
    const holding = Array.from({ length: LONG_READS_AT_ONCE }, () => asLongRead(db, () => new Promise<void>((resolve) => endings.push(resolve))));
    let searched = false;
    const search = queryProducts(db, { status: 'for-sale', limit: 2, q: 'brake' }).then(() => (searched = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(searched).toBe(databaseKind === 'sqlite');
    for (const end of endings) end();
    await Promise.all([...holding, search]);
    expect(searched).toBe(true);
  });
});
