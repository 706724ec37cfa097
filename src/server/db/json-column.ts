import { sql } from 'kysely';
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

/**
 * Rows given as JSON, `[{ column: value, … }]`, as a table to read or join (`.as(name)`), with these
 * columns: one statement takes the values of many rows. PostgreSQL types them as `table`'s columns are
 * (a column the JSON lacks is null); SQLite takes each value as JSON has it.
 */
export function rowsOfJson(db: Executor, table: string, columns: readonly string[], json: string) {
  if (isPostgres(db)) return sql`jsonb_populate_recordset(null::${sql.table(table)}, ${json}::jsonb)`;
  const values = columns.map((column) => sql`value ->> ${column} AS ${sql.ref(column)}`);
  return sql`(SELECT ${sql.join(values)} FROM json_each(${json}))`;
}
