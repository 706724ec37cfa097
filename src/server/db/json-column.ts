import { jsonArrayFrom as jsonArrayOnPostgres } from 'kysely/helpers/postgres';
import { jsonArrayFrom as jsonArrayOnSqlite } from 'kysely/helpers/sqlite';
import { type Executor, isPostgres } from './schema.js';

/**
 * Kysely's helper that makes the rows of a (correlated) query one JSON array column of each row of the
 * outer one, for this database: what belongs to each row of a page comes with the page, a statement and
 * a round trip fewer. Read the column with `rowsInColumn`.
 */
export function jsonArrayOn(db: Executor): typeof jsonArrayOnSqlite {
  return isPostgres(db) ? jsonArrayOnPostgres : jsonArrayOnSqlite;
}

/** The rows of such a column: SQLite answers it as JSON text, PostgreSQL as the array. */
export function rowsInColumn<T>(column: T[] | string): T[] {
  return typeof column === 'string' ? (JSON.parse(column) as T[]) : column;
}
