import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long work that takes milliseconds a piece may hold one turn of the event loop. */
export const LONG_WORK_MS_PER_TURN = 5;

/** When this turn's first long piece of work began; unset once the turn is over. */
let turnBegan: number | undefined;

/**
 * Waits, before a piece of work that holds the event loop's thread for milliseconds (a query on SQLite,
 * which answers on this thread: a ranked search of a common word takes 8–25 ms; a batch of a CSV file),
 * until a turn of the loop has room for it. Fifty searches ready in one turn ran back to back for half a
 * second and more, and a 100,000-part export or import for seconds: meanwhile no other request was
 * answered, and Node accepts one new connection a turn (libuv 1.45 and later), so a new client's
 * connections waited seconds. Past `LONG_WORK_MS_PER_TURN` in a turn, such work waits for a later turn,
 * in the order it came; everything else runs in between.
 */
export async function shareTheLoop(): Promise<void> {
  while (turnBegan !== undefined && performance.now() - turnBegan >= LONG_WORK_MS_PER_TURN) await nextTurn();
  if (turnBegan === undefined) {
    turnBegan = performance.now();
    setImmediate(() => (turnBegan = undefined));
  }
}
