import { POOLED_CONNECTIONS } from './connection.js';
import { type Executor, isPostgres } from './schema.js';
import { Turns } from './turns.js';

/**
 * How many reads that take the database milliseconds (a ranked search of a common word) may hold one of
 * a server's pooled PostgreSQL connections at once: the other half of the pool stays free for everything
 * else. A third of the pool cost searches alone a tenth of their rate (on two cores); half, nothing.
 */
export const LONG_READS_AT_ONCE = Math.floor(POOLED_CONNECTIONS / 2);

const longReads = new Turns(LONG_READS_AT_ONCE);

/**
 * Runs a read that takes the database milliseconds. On PostgreSQL, twenty-five searches at once took every
 * pooled connection, and a part page waited behind them in the pool's queue (189–217 req/s and p99
 * 198–272 ms beside them, against 11,700 req/s and 12 ms alone); now at most `LONG_READS_AT_ONCE` run at
 * once, the others wait their turn in the order they came. SQLite has one connection, used one statement
 * at a time on the server's own thread: nothing to hold back there (the event loop is shared instead:
 * `shareTheLoop`).
 */
export async function asLongRead<T>(db: Executor, read: () => Promise<T>): Promise<T> {
  return isPostgres(db) ? longReads.run(read) : read();
}
