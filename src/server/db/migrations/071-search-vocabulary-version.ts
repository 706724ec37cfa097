import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * SQLite: a number that moves whenever the words of the parts' names may have changed, so a server can
 * keep the names' vocabulary (read from fts5vocab, which walks the whole index) until it does
 * (catalog/spelling.ts). Triggers move it in the same transaction as the change, so a change rolled back
 * moves nothing. PostgreSQL answers the nearest words from an index and needs none.
 */
export function searchVocabularyVersion(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') return;
      await sql`CREATE TABLE product_words_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)`.execute(db);
      await sql`INSERT INTO product_words_version (id, version) VALUES (1, 0)`.execute(db);
      const bump = sql`UPDATE product_words_version SET version = version + 1 WHERE id = 1;`;
      await sql`CREATE TRIGGER product_words_version_insert AFTER INSERT ON products BEGIN ${bump} END`.execute(db);
      await sql`CREATE TRIGGER product_words_version_delete AFTER DELETE ON products BEGIN ${bump} END`.execute(db);
      await sql`CREATE TRIGGER product_words_version_update AFTER UPDATE OF name ON products BEGIN ${bump} END`.execute(db);
    },
  };
}
