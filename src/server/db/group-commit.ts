import { CompiledQuery, type DatabaseConnection, type Driver, SqliteDialect } from 'kysely';
import { inLargeWrite } from './large-writes.js';

/**
 * Group commit for the one SQLite connection. A commit writes every page the transaction touched to the
 * WAL (the order's row and its ten index entries, its lines, the search tables, the stock): at 50 orders
 * at once that was 1.1 ms of a 1.9 ms order. Here the transactions that follow one another while a commit
 * is pending share it: each runs in a savepoint of one open transaction, and the first caller to find the
 * connection idle commits them all at once.
 *
 * Nobody acts on work that could still be undone: whoever used the connection while a group was open
 * (a transaction, or a single statement) returns only once that group is committed, and gets the error if
 * the commit fails. Each member still sees all earlier members' writes, in order, as with plain
 * transactions one after the other; a member that fails rolls back to its savepoint, undoing only itself.
 * (Reads outside a transaction have a connection of their own: read-connection.ts.)
 *
 * A member's savepoint keeps the original of each page it changes, to undo it. SQLite keeps those in memory
 * only up to 64 kB and then in a temporary file for the rest of the group's transaction; a one-line order
 * changes about 40 pages, so every group wrote its members' pages to a file as well (43 writes an order, a
 * tenth of the server's thread under one-line orders). Groups now keep them in memory (`temp_store`); a
 * transaction that changes a large part of the database (`asLargeWrite`, large-writes.ts) commits the open
 * group first and runs in a group that keeps them in the file, as before.
 */
export class GroupCommitSqliteDialect extends SqliteDialect {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly inTransaction: () => boolean,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new GroupCommitDriver(super.createDriver(), this.inTransaction);
  }
}

interface Group {
  committed: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const MEMBER = 'group_member';
const raw = (text: string) => CompiledQuery.raw(text);

/** Where a group's savepoints keep the pages they may have to restore (SQLite's `temp_store`; `file` is its default). */
type UndoStore = 'memory' | 'file';

class GroupCommitDriver implements Driver {
  private group: Group | null = null;
  private flushScheduled = false;
  private undoStore: UndoStore = 'file';

  constructor(
    private readonly inner: Driver,
    private readonly inTransaction: () => boolean,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return this.inner.acquireConnection();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.group && !this.inTransaction()) this.loseGroup(new Error('the database rolled back the transaction'));
    const undoStore: UndoStore = inLargeWrite() ? 'file' : 'memory';
    if (this.group && undoStore !== this.undoStore) await this.commitGroup(connection);
    if (!this.group) {
      // SQLite takes the setting when a transaction begins, and refuses to change it inside one.
      if (undoStore !== this.undoStore) await connection.executeQuery(raw(`pragma temp_store = ${undoStore}`));
      this.undoStore = undoStore;
      // Immediate: the write lock is taken (waiting out another process's writer, busy_timeout) before
      // the first read. A deferred transaction that read first could not take it later once another
      // process had committed since its read: 'database is locked', at once, for the whole group.
      await connection.executeQuery(raw('begin immediate'));
      this.group = openGroup();
    }
    await connection.executeQuery(raw(`savepoint ${MEMBER}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(raw(`release ${MEMBER}`));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // An I/O error, a full disk or a busy timeout rolls the whole transaction back: the group is lost.
    if (!this.inTransaction()) return this.loseGroup(new Error('the database rolled back the transaction'));
    await connection.executeQuery(raw(`rollback to ${MEMBER}`));
    await connection.executeQuery(raw(`release ${MEMBER}`));
  }

  savepoint: Driver['savepoint'] = (connection, name, compile) => this.inner.savepoint!(connection, name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (connection, name, compile) => this.inner.rollbackToSavepoint!(connection, name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = (connection, name, compile) => this.inner.releaseSavepoint!(connection, name, compile);

  /** Lets the next user in, then waits for the group this user's work belongs to (if any) to commit. */
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const group = this.group;
    await this.inner.releaseConnection(connection);
    if (!group) return;
    this.scheduleFlush();
    await group.committed;
  }

  /** Lets whoever holds the connection finish, commits a group still open (its members wait for it), then closes. */
  async destroy(): Promise<void> {
    await this.flush();
    await this.inner.destroy();
  }

  /** Commits once everybody already waiting for the connection has had their turn (and joined the group). */
  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    const connection = await this.inner.acquireConnection();
    this.flushScheduled = false;
    try {
      await this.commitGroup(connection);
    } finally {
      await this.inner.releaseConnection(connection);
    }
  }

  /** Commits the open group (if any) on the connection its caller holds, and answers its members. */
  private async commitGroup(connection: DatabaseConnection): Promise<void> {
    const group = this.group;
    this.group = null;
    if (!group) return;
    try {
      if (!this.inTransaction()) throw new Error('the database rolled back the transaction');
      await this.inner.commitTransaction(connection);
      group.resolve();
    } catch (error) {
      if (this.inTransaction()) await this.inner.rollbackTransaction(connection).catch(() => undefined);
      group.reject(error);
    }
  }

  private loseGroup(error: Error): void {
    this.group?.reject(error);
    this.group = null;
  }
}

function openGroup(): Group {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const committed = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  committed.catch(() => undefined); // every member awaits it; this only keeps an unawaited rejection quiet
  return { committed, resolve, reject };
}
