import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { postgresSearchVector } from './009-catalog.js';

/**
 * PostgreSQL recomputed the stored generated `search_vector` (three to_tsvector calls over the name,
 * numbers and description) on every UPDATE of a product, also when an order only took stock: a third of
 * an order's time. Now a trigger computes it only when a searched column is written. SQLite's search
 * table has been kept that way from the start (`sqliteSearch`).
 */
export function searchVectorTrigger(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`ALTER TABLE products ALTER COLUMN search_vector DROP EXPRESSION`.execute(db);
      await sql`
        CREATE FUNCTION products_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          new.search_vector := ${postgresSearchVector('new.', 'cross_numbers')};
          RETURN new;
        END $$`.execute(db);
      await sql`
        CREATE TRIGGER products_search_vector BEFORE INSERT OR UPDATE OF name, sku, sku_key, description, keywords, cross_numbers
        ON products FOR EACH ROW EXECUTE FUNCTION products_search_vector()`.execute(db);
    },
  };
}
