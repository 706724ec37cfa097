import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import type SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { backstopPages, checkpointInBackground } from './checkpoints.js';
import { GroupCommitSqliteDialect } from './group-commit.js';
import { isSentWithNext, statementNameOf } from './prepared-query.js';
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

// Only the configured database's driver is loaded: each costs megabytes of memory per process.
const require = createRequire(import.meta.url);

export function connect(config: DatabaseConfig): Db {
  if (config.kind === 'postgres') {
    const { Pool, Client, Query } = require('pg') as typeof pg;
    const pool = new Pool({ connectionString: config.url, max: POOLED_CONNECTIONS, Client: namingPreparedQueries(Client, Query) });
    // An idle connection the database ends (a restart, a failover, a dropped database) is an 'error' on
    // the pool; unhandled, it would crash the process. The pool replaces the connection by itself.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`));
    return { kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  // In memory, or SQLite's temporary file (an empty name): no other connection can open it.
  const ownOnly = config.file === ':memory:' || config.file === '';
  if (!ownOnly) mkdirSync(dirname(config.file), { recursive: true });
  const Database = require('better-sqlite3') as typeof SQLite;
  const sqlite = new Database(config.file);
  // WAL lets readers run beside the writer (read-connection.ts).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  forTheShop(sqlite);
  const checkpoints = ownOnly ? undefined : checkpointInBackground(config.file);
  if (checkpoints) sqlite.pragma(`wal_autocheckpoint = ${backstopPages}`);
  const close = () => {
    checkpoints?.stop();
    sqlite.close();
  };
  const dialect = new GroupCommitSqliteDialect({ database: withStatementCache(sqlite, close) }, () => sqlite.inTransaction);
  if (ownOnly) return { kysely: new Kysely<Database>({ dialect }), dialect: 'sqlite' };
  const reader = forTheShop(new Database(config.file, { readonly: true, fileMustExist: true }));
  const reads = withStatementCache(reader, () => reader.close());
  return { kysely: new Kysely<Database>({ dialect: withReadConnection(dialect, reads) }), dialect: 'sqlite' };
}

/** What every connection to the shop's SQLite file needs. */
function forTheShop(sqlite: SQLite.Database): SQLite.Database {
  // Waits instead of failing when a backup, a checkpoint or a second process holds the lock.
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's own default page cache, 2 MB (the driver sets 16 MB): the file's pages stay in the system's
  // cache anyway. Two full 16 MB caches were 30 MB of the server's peak memory (docs/performance-history.md,
  // thirty-first session).
  sqlite.pragma('cache_size = -2000');
  // Lower case beyond ASCII (SQLite's lower() and LIKE fold ASCII only), as FTS5's trigram index folds it.
  sqlite.function('casefold', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text));
  return sqlite;
}

/**
 * A client that runs the SQL prepared-query.ts names under its name, so each connection parses and plans
 * it once (one-line orders on PostgreSQL +18 %, 20-line +35 % in alternating runs on the short seed), and
 * that sends a transaction's `begin` and its prepared commands (`preparedCommand`) with the statement after
 * them, in one write (`OneTrip`). Kysely passes the SQL and its values; any other SQL runs as it comes.
 */
function namingPreparedQueries(Client: typeof pg.Client, Query: typeof pg.Query): typeof pg.Client {
  return class NamingClient extends Client {
    /** What waits to go with the next statement: held only inside a transaction, which always sends one more. */
    #held: Statement[] = [];
    #inTransaction = false;

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one override for pg's many overloads, each forwarded as it came
    override query(text: unknown, values?: unknown, callback?: unknown): any {
      const forward = super.query.bind(this) as (...args: unknown[]) => unknown;
      if (typeof text !== 'string' || !Array.isArray(values) || callback !== undefined) return forward(text, values, callback);
      const name = text === 'begin' ? 'begin' : statementNameOf(text);
      if (text === 'begin' || (this.#inTransaction && isSentWithNext(text))) {
        this.#inTransaction = true;
        this.#held.push({ name, text, values });
        return Promise.resolve(NOTHING_READ);
      }
      if (text === 'commit' || text === 'rollback') this.#inTransaction = false;
      if (this.#held.length === 0) return name ? forward({ name, text, values }) : forward(text, values);
      const statements = [...this.#held.splice(0), { name, text, values }];
      return new Promise((resolve, reject) => forward(new OneTrip(Query, statements, (error, result) => (error ? reject(error) : resolve(result)))));
    }
  };
}

/** The answer to a statement held for the next one: no caller reads it. */
const NOTHING_READ = { command: '', rowCount: 0, rows: [], fields: [], oid: 0 };

interface Statement {
  name?: string;
  text: string;
  values: unknown[];
}

/** What OneTrip uses of node-postgres's Query: it writes a statement's messages and reads its answer into a result. */
type QueryInternals = pg.Query & {
  name?: string;
  text: string;
  prepare(connection: ProtocolConnection): void;
  _getRows(connection: ProtocolConnection, rows?: number): void;
  handleRowDescription(message: unknown): void;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: ProtocolConnection): void;
  handleEmptyQuery(connection: ProtocolConnection): void;
  _results: pg.QueryResult;
};

interface ProtocolConnection {
  stream: { cork(): void; uncork(): void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  execute(portal: { portal: string }): void;
}

/**
 * Statements sent in one write and ended by one Sync, so that PostgreSQL answers them all in one write too:
 * a node-postgres submittable, as pg-cursor is. They run in turn; after a failure PostgreSQL skips the rest
 * up to the Sync, and the caller gets that failure (its transaction fails with it, as it would have).
 */
class OneTrip {
  readonly #queries: QueryInternals[];
  #answered = 0;
  #failure: Error | undefined;
  /** The statements this trip parses: if one fails before them, PostgreSQL never parsed them. */
  #parsing: string[] = [];

  constructor(
    Query: typeof pg.Query,
    statements: Statement[],
    private readonly callback: (error: Error | null, result?: pg.QueryResult) => void,
  ) {
    // A query's callback hears only of values it could not send (prepare); the answers come through OneTrip.
    const onFailure = (error: Error | null) => (this.#failure ??= error ?? undefined);
    this.#queries = statements.map((statement) => new Query({ ...statement, callback: onFailure } as pg.QueryConfig) as QueryInternals);
  }

  get #current(): QueryInternals | undefined {
    return this.#queries[this.#answered];
  }

  /** node-postgres reads the answering statement's name and text to note what the connection has parsed. */
  get name(): string | undefined {
    return this.#current?.name;
  }

  get text(): string | undefined {
    return this.#current?.text;
  }

  submit(connection: ProtocolConnection): null {
    connection.stream.cork();
    try {
      for (const [index, query] of this.#queries.entries()) {
        const { name } = query;
        if (name && !connection.parsedStatements[name] && !connection.submittedNamedStatements[name]) this.#parsing.push(name);
        // Only the last statement ends with a Sync (a statement whose values cannot be sent ends the trip with one).
        if (index < this.#queries.length - 1) query._getRows = () => connection.execute({ portal: '' });
        query.prepare(connection);
        if (this.#failure) break;
      }
    } finally {
      connection.stream.uncork();
    }
    return null;
  }

  handleRowDescription(message: unknown): void {
    this.#current?.handleRowDescription(message);
  }

  handleDataRow(message: unknown): void {
    this.#current?.handleDataRow(message);
  }

  handleCommandComplete(message: unknown, connection: ProtocolConnection): void {
    this.#current?.handleCommandComplete(message, connection);
    this.#answered += 1;
  }

  handleEmptyQuery(connection: ProtocolConnection): void {
    this.#current?.handleEmptyQuery(connection);
    this.#answered += 1;
  }

  handleError(error: Error, connection: ProtocolConnection): void {
    for (const name of this.#parsing) if (!connection.parsedStatements[name]) delete connection.submittedNamedStatements[name];
    this.callback(error);
  }

  handleReadyForQuery(): void {
    if (this.#failure) this.callback(this.#failure);
    else this.callback(null, this.#queries.at(-1)!._results);
  }
}
