import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

/** What the read connection runs a statement with (sqlite-statements.ts keeps them prepared). */
export interface ReadStatements {
  prepare(sql: string): { reader: boolean; readonly: boolean; all(values: readonly unknown[]): unknown[] };
  close(): void;
}

const SELECT = /^\s*(?:select|with)\b/i;

/**
 * A second, read-only SQLite connection for the reads that are not part of a transaction. SQLite's one
 * connection is held by a transaction from its first statement to its commit: a catalog import of
 * 100,000 rows for more than a second, an open group of orders (group-commit.ts) for a few milliseconds.
 * Every read of a part page, a list or a search waited for it. In WAL mode a reader sees the last commit
 * and never waits for the writer, so those reads go to a connection of their own; a transaction, a write
 * and a stream keep the writer as before. A read sees only committed rows: whoever wrote returns once
 * their write is committed, so nobody reads around their own write.
 */
export function withReadConnection(dialect: Dialect, reads: ReadStatements): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new ReadConnectionDriver(dialect.createDriver(), reads),
  };
}

class ReadConnectionDriver implements Driver {
  constructor(
    private readonly writer: Driver,
    private readonly reads: ReadStatements,
  ) {}

  init(): Promise<void> {
    return this.writer.init();
  }

  /** A use of the database: it takes the writer only once it writes or begins a transaction. */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new Use(this.writer, this.reads);
  }

  async beginTransaction(use: Use, settings: TransactionSettings): Promise<void> {
    await this.writer.beginTransaction(await use.holdWriter(), settings);
  }

  commitTransaction(use: Use): Promise<void> {
    return this.writer.commitTransaction(use.heldWriter());
  }

  rollbackTransaction(use: Use): Promise<void> {
    return this.writer.rollbackTransaction(use.heldWriter());
  }

  savepoint: Driver['savepoint'] = (use, name, compile) => this.writer.savepoint!((use as Use).heldWriter(), name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (use, name, compile) => this.writer.rollbackToSavepoint!((use as Use).heldWriter(), name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = (use, name, compile) => this.writer.releaseSavepoint!((use as Use).heldWriter(), name, compile);

  releaseConnection(use: Use): Promise<void> {
    return use.releaseWriter();
  }

  async destroy(): Promise<void> {
    await this.writer.destroy();
    this.reads.close();
  }
}

class Use implements DatabaseConnection {
  #writer: DatabaseConnection | undefined;

  constructor(
    private readonly driver: Driver,
    private readonly reads: ReadStatements,
  ) {}

  async holdWriter(): Promise<DatabaseConnection> {
    this.#writer ??= await this.driver.acquireConnection();
    return this.#writer;
  }

  heldWriter(): DatabaseConnection {
    if (!this.#writer) throw new Error('no transaction holds the writer');
    return this.#writer;
  }

  /** Lets the next user of the writer in; the group commit's driver returns once this use's writes are committed. */
  async releaseWriter(): Promise<void> {
    const writer = this.#writer;
    this.#writer = undefined;
    if (writer) await this.driver.releaseConnection(writer);
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#writer) return this.#writer.executeQuery<R>(query);
    if (SELECT.test(query.sql)) {
      const statement = this.reads.prepare(query.sql);
      if (statement.reader && statement.readonly) return Promise.resolve({ rows: statement.all(query.parameters) as R[] });
    }
    return this.#onWriterOnce((writer) => writer.executeQuery<R>(query));
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const held = this.#writer !== undefined;
    try {
      yield* (await this.holdWriter()).streamQuery<R>(query, chunkSize);
    } finally {
      if (!held) await this.releaseWriter();
    }
  }

  /** Holds the writer for one statement outside a transaction. */
  async #onWriterOnce<T>(run: (writer: DatabaseConnection) => Promise<T>): Promise<T> {
    try {
      return await run(await this.holdWriter());
    } finally {
      await this.releaseWriter();
    }
  }
}
