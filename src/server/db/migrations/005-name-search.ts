import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Product search matches anywhere in the name (`lower(name) LIKE '%…%'`). On PostgreSQL a trigram
 * index serves that. SQLite has no such index for LIKE; its full-text trigram table answers common
 * words slower than a scan of the names does (and the answer is cached), so SQLite keeps the scan.
 */
export function nameSearch(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
      await sql`CREATE INDEX products_name_trgm ON products USING gin (lower(name) gin_trgm_ops)`.execute(db);
    },
  };
}
