import type SQLite from 'better-sqlite3';

/** A better-sqlite3 database as Kysely's SqliteDialect and the read connection use it. */
export interface SqliteStatements {
  prepare(sql: string): SQLite.Statement;
  close(): void;
}

/**
 * better-sqlite3's database with its prepared statements kept by their SQL text. Kysely's SQLite driver
 * prepares every query it runs, and compiling the SQL is a large share of a small query's cost; the
 * shop's queries are parameterised, so the same texts come back again and again. The least recently used
 * statement is dropped once `maxStatements` are kept. A statement still being iterated (a stream) cannot
 * run again until the iteration ends, so meanwhile its SQL is prepared afresh.
 */
export function withStatementCache(sqlite: SQLite.Database, maxStatements = 500): SqliteStatements {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string): SQLite.Statement {
      let statement = statements.get(sql);
      if (statement) statements.delete(sql);
      else statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > maxStatements) statements.delete(statements.keys().next().value!);
      return statement.busy ? sqlite.prepare(sql) : statement;
    },
    close: () => sqlite.close(),
  };
}
