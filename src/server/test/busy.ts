/** Keeps the event loop's thread busy for `ms`, as a query on SQLite does. */
export function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}
