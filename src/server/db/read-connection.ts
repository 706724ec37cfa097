import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

/** What the read connection runs a statement with (sqlite-statements.ts keeps them prepared). */
export interface ReadStatements {
  prepare(sql: string): { reader: boolean; readonly: boolean; all(values: readonly unknown[]): unknown[] };
  close(): void;
}

const SELECT = /^\s*(?:select|with)\b/i;

/**
 * A second, read-only SQLite connection for the reads that are not part of a transaction. SQLite's one
 * writing connection is held by a transaction from its first statement to its commit (a large catalog
 * import holds it for a long while), and every read of a part page, a list or a search would wait for
 * it. In WAL mode a reader sees the last commit and never waits for the writer, so those reads go to a
 * connection of their own; a transaction, a write and a stream use the writer. A read sees only committed
 * rows: a write outside a transaction is committed when it returns, and a transaction reads its own
 * writes on the writer.
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

  /** A lease of the database: it takes the writer only once it writes or begins a transaction. */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new ConnectionLease(this.writer, this.reads);
  }

  async beginTransaction(lease: ConnectionLease, settings: TransactionSettings): Promise<void> {
    await this.writer.beginTransaction(await lease.holdWriter(), settings);
  }

  commitTransaction(lease: ConnectionLease): Promise<void> {
    return this.writer.commitTransaction(lease.heldWriter());
  }

  rollbackTransaction(lease: ConnectionLease): Promise<void> {
    return this.writer.rollbackTransaction(lease.heldWriter());
  }

  savepoint: Driver['savepoint'] = (lease, name, compile) => this.writer.savepoint!((lease as ConnectionLease).heldWriter(), name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (lease, name, compile) => this.writer.rollbackToSavepoint!((lease as ConnectionLease).heldWriter(), name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = (lease, name, compile) => this.writer.releaseSavepoint!((lease as ConnectionLease).heldWriter(), name, compile);

  releaseConnection(lease: ConnectionLease): Promise<void> {
    return lease.releaseWriter();
  }

  async destroy(): Promise<void> {
    await this.writer.destroy();
    this.reads.close();
  }
}

/**
 * What Kysely holds as its connection for a query or a transaction: reads go to the read connection until
 * the lease holds the writer (for a transaction, a write or a stream), then everything goes to the writer.
 */
class ConnectionLease implements DatabaseConnection {
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

  /** Lets the next user of the writer in. */
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
