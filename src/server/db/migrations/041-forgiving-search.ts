import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * What a search that forgives typos needs (catalog/spelling.ts): the vocabulary of the words in the parts'
 * names, each database with its own tool, and the synonyms the staff keep.
 *
 * SQLite: an FTS5 table of the names alone whose tokenizer takes digits for separators (part numbers in
 * names are no words to correct), and an fts5vocab table that lists its words; triggers keep it as the
 * product search table is kept. PostgreSQL: a table of the names' words, filled by a trigger, with a
 * pg_trgm index that answers the words nearest a typed one.
 */
export function forgivingSearch(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await (dialect === 'postgres' ? postgresVocabulary(db) : sqliteVocabulary(db));
      await db.schema
        .createTable('search_synonyms')
        .addColumn('term', 'text', (c) => c.primaryKey())
        .addColumn('group_id', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('search_synonyms_group').on('search_synonyms').columns(['group_id', 'position']).execute();
    },
  };
}

async function sqliteVocabulary(db: Kysely<unknown>) {
  await sql`CREATE VIRTUAL TABLE product_words USING fts5(name, content = '', tokenize = "unicode61 remove_diacritics 2 separators '0123456789'")`.execute(db);
  await sql`CREATE VIRTUAL TABLE product_words_vocab USING fts5vocab(product_words, 'row')`.execute(db);
  const remove = sql`INSERT INTO product_words (product_words, rowid, name) VALUES ('delete', old.id, old.name);`;
  const add = sql`INSERT INTO product_words (rowid, name) VALUES (new.id, new.name);`;
  await sql`CREATE TRIGGER product_words_insert AFTER INSERT ON products BEGIN ${add} END`.execute(db);
  await sql`CREATE TRIGGER product_words_delete AFTER DELETE ON products BEGIN ${remove} END`.execute(db);
  await sql`CREATE TRIGGER product_words_update AFTER UPDATE OF name ON products BEGIN ${remove} ${add} END`.execute(db);
  await sql`INSERT INTO product_words (rowid, name) SELECT id, name FROM products`.execute(db);
}

async function postgresVocabulary(db: Kysely<unknown>) {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await db.schema.createTable('search_words').addColumn('word', 'text', (c) => c.primaryKey()).execute();
  await sql`CREATE INDEX search_words_trgm ON search_words USING gist (word gist_trgm_ops)`.execute(db);
  // Words of three letters or more; a renamed part's old words stay (a correction to one is checked by the search itself).
  const wordsOf = (name: string) => sql.raw(`SELECT DISTINCT w FROM regexp_split_to_table(lower(${name}), '[^[:alpha:]]+') AS w WHERE length(w) >= 3`);
  await sql`
    CREATE FUNCTION products_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_words (word) ${wordsOf('new.name')} ON CONFLICT DO NOTHING;
      RETURN new;
    END $$`.execute(db);
  await sql`CREATE TRIGGER products_search_words AFTER INSERT OR UPDATE OF name ON products FOR EACH ROW EXECUTE FUNCTION products_search_words()`.execute(db);
  await sql`INSERT INTO search_words (word) SELECT DISTINCT w FROM products, regexp_split_to_table(lower(name), '[^[:alpha:]]+') AS w WHERE length(w) >= 3 ON CONFLICT DO NOTHING`.execute(db);
}
