// A benchmark's misses, for `npm test`'s summary: a CI log is often kept only by its tail, and a bench
// that fails should say there which figure missed. The benchmarks write their misses to the file named
// by BENCH_MISSES_FILE (when set); scripts/test.mjs reads them back.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** Records `misses` (one line each) where `npm test` will look for them; prints nothing. */
export function recordMisses(misses) {
  const file = process.env.BENCH_MISSES_FILE;
  if (file) writeFileSync(file, JSON.stringify(misses));
}

/** The misses a benchmark recorded in `file`, or null when it recorded none (it crashed, or was not run). */
export function readMisses(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}
