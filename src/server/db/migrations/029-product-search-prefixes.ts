import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';
import { dropSqliteSearch, sqliteSearch } from './009-catalog.js';

/**
 * SQLite's search index also indexes the first two and the first three characters of every word. FTS5
 * answers a prefix it has no index for by merging the list of every word that starts with it: a part
 * number typed with its dash ("PS-1000" is the words `ps` and `1000`) starts with a brand's letters that
 * are in every part's numbers, and merging `ps*` over a large catalog is most of such a search. With
 * these prefixes indexed it is read directly, for a larger index and a little more work per part
 * indexed. PostgreSQL's text search has no such option.
 */
export function productSearchPrefixes(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      await dropSqliteSearch(db);
      await sqliteSearch(db, 'cross_numbers', '2 3');
    },
  };
}
