import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * The manufacturer's catalog: part numbers (unique by their normalised key), a category, specs,
 * archiving, a record of every price and stock change, and full-text search over names, part numbers,
 * descriptions and spec values (SQLite: an FTS5 table kept by triggers; PostgreSQL: a generated
 * tsvector with a GIN index). Existing parts get `PS-1xxxx` numbers in category "other".
 */
export function catalog(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const products = () => db.schema.alterTable('products');
      await products().addColumn('sku', 'text').execute();
      await products().addColumn('sku_key', 'text').execute();
      await products().addColumn('category', 'text', (c) => c.notNull().defaultTo('other')).execute();
      await products().addColumn('specs', 'text', (c) => c.notNull().defaultTo('[]')).execute();
      // The spec names and values as words, for the search index (which cannot read JSON on PostgreSQL).
      await products().addColumn('keywords', 'text', (c) => c.notNull().defaultTo('')).execute();
      await products().addColumn('archived_at', 'text').execute();
      await sql`UPDATE products SET sku = 'PS-' || (10000 + id), sku_key = 'PS' || (10000 + id)`.execute(db);
      await db.schema.createIndex('products_sku_key').unique().on('products').column('sku_key').execute();
      // The shop's lists read only parts for sale: partial indexes hold just those, for category pages
      // and counts and for the sorts by price and name.
      for (const [name, columns] of [
        ['products_for_sale_category', ['category', 'id']],
        ['products_for_sale_price', ['price_cents', 'id']],
        ['products_for_sale_name', ['name', 'id']],
      ] as const) {
        await db.schema
          .createIndex(name)
          .on('products')
          .columns([...columns])
          .where(sql<boolean>`hidden_at IS NULL AND archived_at IS NULL`)
          .execute();
      }

      await db.schema
        .createTable('sku_sequences')
        .addColumn('prefix', 'text', (c) => c.primaryKey())
        .addColumn('last', 'integer', (c) => c.notNull())
        .execute();
      await sql`INSERT INTO sku_sequences (prefix, last) SELECT 'PS', coalesce(max(id), 0) FROM products`.execute(db);

      const idType = dialect === 'postgres' ? 'serial' : 'integer';
      await db.schema
        .createTable('product_changes')
        .addColumn('id', idType, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('old_value', 'integer', (c) => c.notNull())
        .addColumn('new_value', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('actor_user_id', 'integer', (c) => c.notNull())
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('actor_email', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('product_changes_product').on('product_changes').columns(['product_id', 'id']).execute();

      await (dialect === 'postgres' ? postgresSearch(db) : sqliteSearch(db));
    },
  };
}

/**
 * The search index: names (weighted most), numbers (our part number and its key, and from migration 011
 * the cross-reference numbers in `moreNumbers`), and the description with the specs' words.
 */
export async function postgresSearch(db: Kysely<unknown>, moreNumbers?: string) {
  await sql`DROP INDEX IF EXISTS products_name_trgm`.execute(db);
  await sql`ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${postgresSearchVector('', moreNumbers)}) STORED`.execute(db);
  await sql`CREATE INDEX products_search ON products USING gin (search_vector)`.execute(db);
}

/** The search vector of a products row; `row` prefixes the columns (`'new.'` inside a trigger). */
export function postgresSearchVector(row: string, moreNumbers?: string) {
  const words = (text: string) => sql.raw(`regexp_replace(${text}, '[^[:alnum:]]+', ' ', 'g')`);
  const numbers = `coalesce(${row}sku, '') || ' ' || coalesce(${row}sku_key, '')${moreNumbers ? ` || ' ' || ${row}${moreNumbers}` : ''}`;
  return sql`
      setweight(to_tsvector('english', ${words(`${row}name`)}), 'A') ||
      setweight(to_tsvector('simple', ${words(numbers)} || ' ' || ${sql.raw(`coalesce(${row}sku_key, '')`)}), 'A') ||
      setweight(to_tsvector('english', ${words(`${row}description || ' ' || ${row}keywords`)}), 'C')`;
}

/** Drops SQLite's search table and the triggers that keep it, for `sqliteSearch` to build them anew. */
export async function dropSqliteSearch(db: Kysely<unknown>) {
  for (const trigger of ['products_search_insert', 'products_search_delete', 'products_search_update']) {
    await sql`DROP TRIGGER ${sql.raw(trigger)}`.execute(db);
  }
  await sql`DROP TABLE product_search`.execute(db);
}

/** `prefixes`: the lengths of the word beginnings FTS5 indexes too (its `prefix` option), such as `'2 3'`. */
export async function sqliteSearch(db: Kysely<unknown>, moreNumbers?: string, prefixes?: string) {
  const prefixOption = prefixes ? sql.raw(`, prefix = '${prefixes}'`) : sql``;
  await sql`CREATE VIRTUAL TABLE product_search USING fts5(name, numbers, details, tokenize = 'porter unicode61 remove_diacritics 2'${prefixOption})`.execute(db);
  const numbers = (p: string) => `coalesce(${p}.sku, '') || ' ' || coalesce(${p}.sku_key, '')${moreNumbers ? ` || ' ' || ${p}.${moreNumbers}` : ''}`;
  const row = (p: string) => sql.raw(`${p}.id, ${p}.name, ${numbers(p)}, ${p}.description || ' ' || ${p}.keywords`);
  const insertRow = (p: string) => sql`INSERT INTO product_search (rowid, name, numbers, details) VALUES (${row(p)});`;
  const watched = ['name', 'sku', 'sku_key', 'description', 'keywords', ...(moreNumbers ? [moreNumbers] : [])].join(', ');
  await sql`CREATE TRIGGER products_search_insert AFTER INSERT ON products BEGIN ${insertRow('new')} END`.execute(db);
  await sql`CREATE TRIGGER products_search_delete AFTER DELETE ON products BEGIN DELETE FROM product_search WHERE rowid = old.id; END`.execute(db);
  await sql`
    CREATE TRIGGER products_search_update AFTER UPDATE OF ${sql.raw(watched)} ON products BEGIN
      DELETE FROM product_search WHERE rowid = old.id;
      ${insertRow('new')}
    END`.execute(db);
  await sql`INSERT INTO product_search (rowid, name, numbers, details) SELECT ${row('products')} FROM products`.execute(db);
}
