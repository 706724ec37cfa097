import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Executor, isPostgres } from './schema.js';

/**
 * How long reads that take milliseconds (a ranked search of a common word: 8–25 ms) may hold one turn of
 * the event loop.
 */
export const LONG_READS_MS_PER_TURN = 5;

/** When this turn's first long read began; unset once the turn is over. */
let turnBegan: number | undefined;

/**
 * Waits, before a long read on SQLite, until a turn of the event loop has room for it. SQLite answers on
 * the loop's own thread, so fifty such reads ready in one turn ran back to back for half a second and
 * more: meanwhile no other request was answered, and Node accepts one new connection a turn (libuv 1.45
 * and later), so a new client's connections waited seconds. Past `LONG_READS_MS_PER_TURN` in a turn, a
 * long read waits for a later turn, in the order they came; everything else runs in between.
 * PostgreSQL answers in its own processes: nothing to share there.
 */
export async function shareTheLoop(db: Executor): Promise<void> {
  if (isPostgres(db)) return;
  while (turnBegan !== undefined && performance.now() - turnBegan >= LONG_READS_MS_PER_TURN) await nextTurn();
  if (turnBegan === undefined) {
    turnBegan = performance.now();
    setImmediate(() => (turnBegan = undefined));
  }
}
