import { POOLED_CONNECTIONS } from './connection.js';
import { type Executor, isPostgres } from './schema.js';
import { Semaphore } from './semaphore.js';

/**
 * How many reads that keep the database busy for a while (a ranked search of a common word) may hold one
 * of a server's pooled PostgreSQL connections at once: the other half of the pool stays free for
 * everything else.
 */
export const LONG_READS_AT_ONCE = Math.floor(POOLED_CONNECTIONS / 2);

const longReads = new Semaphore(LONG_READS_AT_ONCE);

/**
 * Runs a read that keeps the database busy for a while. On PostgreSQL many such reads at once would take
 * every pooled connection, and a quick read (a part page) would wait behind them in the pool's queue; so
 * at most `LONG_READS_AT_ONCE` run at once, the others wait in the order they came. SQLite's queries run
 * one at a time on the server's own thread: there is no pool to keep free.
 */
export async function asLongRead<T>(db: Executor, read: () => Promise<T>): Promise<T> {
  return isPostgres(db) ? longReads.run(read) : read();
}
