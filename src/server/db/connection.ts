import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import type SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Driver, Kysely, PostgresDialect, SqliteDialect, type SqliteDialectConfig, SqliteDriver } from 'kysely';
import type pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { backstopPages, checkpointInBackground } from './checkpoints.js';
import { withReadConnection } from './read-connection.js';
import type { Database } from './schema.js';
import { withStatementCache } from './sqlite-statements.js';

export type Dialect = DatabaseConfig['kind'];

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
}

/** PostgreSQL connections a server keeps at most (its pool). */
export const POOLED_CONNECTIONS = 10;

// Only the configured database's driver is loaded: each costs memory in every process.
const require = createRequire(import.meta.url);

export function connect(config: DatabaseConfig): Db {
  if (config.kind === 'postgres') {
    const { Pool } = require('pg') as typeof pg;
    const pool = new Pool({ connectionString: config.url, max: POOLED_CONNECTIONS });
    // An idle connection the database ends (a restart, a failover, a dropped database) is an 'error' on
    // the pool; unhandled, it would crash the process. The pool replaces the connection by itself.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`));
    return { kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  // In memory, or SQLite's temporary file (an empty name): no other connection can open it.
  const ownOnly = config.file === ':memory:' || config.file === '';
  if (!ownOnly) mkdirSync(dirname(config.file), { recursive: true });
  const Database = require('better-sqlite3') as typeof SQLite;
  const sqlite = configureSqliteConnection(new Database(config.file));
  // WAL lets readers run beside the writer (read-connection.ts).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const checkpoints = ownOnly ? undefined : checkpointInBackground(config.file);
  if (checkpoints) sqlite.pragma(`wal_autocheckpoint = ${backstopPages}`);
  const statements = withStatementCache(sqlite);
  const dialect = new WriteLockingSqliteDialect({
    database: {
      prepare: statements.prepare,
      close: () => {
        checkpoints?.stop();
        statements.close();
      },
    },
  });
  if (ownOnly) return { kysely: new Kysely<Database>({ dialect }), dialect: 'sqlite' };
  const reader = configureSqliteConnection(new Database(config.file, { readonly: true, fileMustExist: true }));
  return { kysely: new Kysely<Database>({ dialect: withReadConnection(dialect, withStatementCache(reader)) }), dialect: 'sqlite' };
}

/** What every connection to the shop's SQLite file needs. */
function configureSqliteConnection(sqlite: SQLite.Database): SQLite.Database {
  // Waits instead of failing when a backup, a checkpoint or a second process holds the lock.
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's own default page cache rather than the driver's larger one: the file's pages stay in the
  // operating system's cache anyway, and each connection's cache is memory the server keeps.
  sqlite.pragma('cache_size = -2000');
  // Lower case beyond ASCII (SQLite's lower() and LIKE fold ASCII only), as FTS5's trigram index folds it.
  sqlite.function('casefold', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text));
  return sqlite;
}

/** Kysely's SQLite dialect, with `WriteLockingSqliteDriver`. */
class WriteLockingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new WriteLockingSqliteDriver(this.#config);
  }
}

/**
 * Kysely's SQLite driver, whose transactions take the write lock as they begin (`begin immediate`), waiting
 * out another process's writer (busy_timeout). A deferred transaction that read first could not take the
 * lock later once another process (a backup, a script) had committed since its read: SQLite fails it with
 * 'database is locked' at once. The server runs one transaction at a time on its one writing connection
 * anyway, so taking the lock early holds nobody up.
 */
class WriteLockingSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
