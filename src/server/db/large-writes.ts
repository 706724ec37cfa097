import { AsyncLocalStorage } from 'node:async_hooks';

const largeWrites = new AsyncLocalStorage<true>();

/**
 * Runs `work`, whose transaction changes a large part of the database (a whole catalog's import, a
 * migration), with the pages it may have to restore in a temporary file rather than in memory: a new price
 * for each of 100,000 parts kept 390 MB of them (SQLite's group commit, group-commit.ts, reads this). A
 * no-op on PostgreSQL.
 */
export function asLargeWrite<T>(work: () => Promise<T>): Promise<T> {
  return largeWrites.run(true, work);
}

/** Whether the caller runs inside `asLargeWrite`. */
export function inLargeWrite(): boolean {
  return largeWrites.getStore() === true;
}
