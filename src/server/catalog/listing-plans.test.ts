import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, freshDatabase, type TestDatabase } from '../test/databases.js';
import { queryPlan } from '../test/query-plans.js';
import { type ProductListOptions, productsQuery } from './listing.js';
import { PRODUCT_COLUMNS, SHOWN_PRODUCT_COLUMNS } from './product-rows.js';

/**
 * How the database reads a page of a category sorted by price or name: from an index in that order,
 * stopping after the page, not by sorting every part of the category. (PostgreSQL is told to avoid
 * sequential scans: on a test's near-empty table it would rightly prefer one.)
 */
describe(`category pages read in index order (${databaseKind})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.drop());

  const planOf = (options: Omit<ProductListOptions, 'status' | 'limit'>) =>
    queryPlan(database.db, (db) => productsQuery(db, { status: 'for-sale', limit: 24, ...options }));

  for (const [sort, index] of [
    ['price', 'products_for_sale_category_price'],
    ['-price', 'products_for_sale_category_price'],
    ['name', 'products_for_sale_category_name'],
  ] as const) {
    it(`sorted by ${sort}, in stock: ${index}, no sort step`, async () => {
      const plan = await planOf({ category: 'brakes', inStock: true, sort });
      expect(plan).toContain(index);
      expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
    });
  }
});

/** The staff's list of archived parts reads their ids from an index of them (migration 030), not every part in the catalog. */
describe(`archived parts from their own index (${databaseKind})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.drop());

  it.each<Omit<ProductListOptions, 'status' | 'limit'>>([{}, { sort: 'name' }, { category: 'brakes' }])('%j', async (options) => {
    expect(await queryPlan(database.db, (db) => productsQuery(db, { status: 'archived', limit: 24, ...options }))).toContain('products_archived_ids');
  });
});

/**
 * Each part's numbers on a page are read in the order they were entered from the index that holds them so
 * (migration 028), not looked up in the table and sorted, part by part. PostgreSQL weighs a part's few
 * numbers by cost (on a test's near-empty table, a bitmap and a sort of one row), so only SQLite's plan is
 * asserted.
 */
describe.runIf(databaseKind === 'sqlite')(`a page's numbers come in order from product_numbers_listed (sqlite)`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.drop());

  it.each<Omit<ProductListOptions, 'limit'>>([{ status: 'for-sale' }, { status: 'for-sale', category: 'brakes', inStock: true, sort: 'price' }])('%j', async (options) => {
    const plan = await queryPlan(database.db, (db) => productsQuery(db, { limit: 24, ...options }), 'with subqueries');
    expect(plan).toContain('product_numbers_listed');
    expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
  });
});

/**
 * A search ranked by relevance on SQLite checks its matches against the parts for sale through the index
 * of their ids, not the table's long rows; the admin's lists of archived parts read the table.
 */
describe.runIf(databaseKind === 'sqlite')('ranked search plans (sqlite)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.drop());

  const planOf = async (status: ProductListOptions['status']) => {
    const { sql: text, parameters } = productsQuery(database.db.kysely, { status, limit: 24, q: 'brake pad' }).compile();
    const { rows } = await database.db.kysely.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${text}`, [...parameters]));
    return rows.map((row) => row.detail).join('\n');
  };

  it.each(['for-sale', 'active'] as const)('%s: through products_for_sale_ids', async (status) => {
    expect(await planOf(status)).toContain('USING INDEX products_for_sale_ids');
  });

  it.each(['archived', 'all'] as const)('%s: through the table', async (status) => {
    expect(await planOf(status)).not.toContain('products_for_sale_ids');
  });
});

/**
 * On PostgreSQL a `*` would also read each part's search index text (a quarter of its row) for every page;
 * the columns a part's answer does not show cost each page their strings too.
 */
describe(`a page of parts names the columns its answer shows, and only those (${databaseKind})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.drop());

  it.each<Omit<ProductListOptions, 'limit'>>([
    { status: 'for-sale' },
    { status: 'for-sale', q: 'brake pad' },
    { status: 'for-sale', q: 'brake pad', sort: 'price' },
    { status: 'all', category: 'brakes', inStock: true, sort: 'name' },
    { status: 'for-sale', vehicle: { year: 2015, make: 'Toyota', model: 'Corolla', submodel: '', engine: '' }, fitsOnly: true },
  ])('%j', (options) => {
    const query = productsQuery(database.db.kysely, { limit: 24, ...options }).compile().sql;
    expect(query).not.toMatch(/\.\*|select \*/i);
    for (const column of SHOWN_PRODUCT_COLUMNS) expect(query).toContain(`"products"."${column}"`);
    const shown = new Set<string>(SHOWN_PRODUCT_COLUMNS);
    for (const column of PRODUCT_COLUMNS.filter((column) => !shown.has(column))) expect(query).not.toMatch(new RegExp(`"products"\\."${column}"(,| from)`));
  });
});
