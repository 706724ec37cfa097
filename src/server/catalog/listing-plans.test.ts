import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, freshDatabase, type TestDatabase } from '../test/databases.js';
import { queryPlan } from '../test/query-plans.js';
import { type ProductListOptions, productsQuery, queryProducts } from './listing.js';
import { createProducts } from './service.js';
import { SHOWN_PRODUCT_COLUMNS } from './product-rows.js';

/** A step that reads the whole products table (SQLite's `SCAN products` without an index, PostgreSQL's sequential scan). */
const FULL_SCAN = /^SCAN products$|Seq Scan on products/m;
/** A step that sorts rows the database read (SQLite's temporary b-tree, PostgreSQL's sort). */
const SORT_STEP = /TEMP B-TREE|Sort/;

/**
 * How the database reads a page of the catalog. The plans are asked of a near-empty table, where
 * PostgreSQL is told to avoid sequential scans (it would rightly prefer one there): what counts is that
 * an index can answer the page, as it must when the catalog holds a hundred thousand parts.
 */
describe(`catalog pages read only what the page needs (${databaseKind})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.drop());

  const planOf = (options: Omit<ProductListOptions, 'limit'>, steps?: 'with subqueries') =>
    queryPlan(database.db, (db) => productsQuery(db, { limit: 24, ...options }), steps);

  it.each(['price', '-price', 'name'] as const)('a category sorted by %s, in stock: read in index order, stopping after the page', async (sort) => {
    const plan = await planOf({ status: 'for-sale', category: 'brakes', inStock: true, sort });
    expect(plan).not.toMatch(FULL_SCAN);
    expect(plan).not.toMatch(SORT_STEP);
  });

  it('the newest parts for sale: read in index order, stopping after the page', async () => {
    const plan = await planOf({ status: 'for-sale' });
    expect(plan).not.toMatch(FULL_SCAN);
    expect(plan).not.toMatch(SORT_STEP);
  });

  it.each<Omit<ProductListOptions, 'status' | 'limit'>>([{}, { sort: 'name' }, { category: 'brakes' }])(
    "the staff's list of archived parts %j: from an index, not every part in the catalog",
    async (options) => {
      expect(await planOf({ status: 'archived', ...options })).not.toMatch(FULL_SCAN);
    },
  );

  // PostgreSQL weighs a part's few numbers by cost (on a near-empty table, a bitmap and a sort of one row),
  // so only SQLite's plan is asserted.
  it.runIf(databaseKind === 'sqlite').each<Omit<ProductListOptions, 'limit'>>([{ status: 'for-sale' }, { status: 'for-sale', category: 'brakes', inStock: true, sort: 'price' }])(
    "each part's numbers on a page %j: in the order entered, from an index, not sorted part by part",
    async (options) => {
      expect(await planOf(options, 'with subqueries')).not.toMatch(SORT_STEP);
    },
  );
});

/**
 * A page's rows carry the columns a part's answer shows and nothing else: on PostgreSQL the search index's
 * text alone is a quarter of a part's row, and every value read is a string made in JavaScript.
 */
describe(`a page of parts reads the columns its answer shows, and only those (${databaseKind})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await freshDatabase();
    await createProducts(database.db.kysely, [
      { name: 'Brake Pad Set', description: 'Front pads', img: '/images/products/tire.svg', price: 20, stock: 10, min: 1, category: 'brakes' },
    ], { reason: 'edit', by: null });
  });
  afterAll(() => database.drop());

  it.each<Omit<ProductListOptions, 'limit'>>([
    { status: 'for-sale' },
    { status: 'for-sale', q: 'brake pad' },
    { status: 'for-sale', q: 'brake pad', sort: 'price' },
    { status: 'all', category: 'brakes', inStock: true, sort: 'name' },
    { status: 'for-sale', vehicle: { year: 2015, make: 'Toyota', model: 'Corolla', submodel: '', engine: '' } },
  ])('%j', async (options) => {
    const { rows } = await queryProducts(database.db.kysely, { limit: 24, ...options });
    expect(rows).toHaveLength(1);
    const belonging = options.vehicle ? ['numbers', 'fitment'] : ['numbers'];
    expect(Object.keys(rows[0]!).sort()).toEqual([...SHOWN_PRODUCT_COLUMNS, ...belonging].sort());
  });
});
