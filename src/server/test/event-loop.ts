import { LONG_WORK_MS_PER_TURN, shareTheLoop } from '../http/loop-turns.js';

/** Keeps the event loop's thread busy for `ms`, as a query on SQLite does. */
export function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/**
 * Whether other work, made ready for the next turn of the event loop once this turn's share of long work
 * is spent, runs before `work` is done: it does when `work` shares the loop (or waits for the network).
 */
export async function otherWorkRunsFirst(work: () => Promise<unknown>): Promise<boolean> {
  await shareTheLoop();
  busyFor(LONG_WORK_MS_PER_TURN + 1);
  let ran = false;
  setImmediate(() => (ran = true));
  await work();
  return ran;
}

/** Reads a file's pieces (an export's) to the end. */
export async function readToTheEnd(pieces: AsyncIterable<unknown>): Promise<void> {
  for await (const piece of pieces) void piece;
}
