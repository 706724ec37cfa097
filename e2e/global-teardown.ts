import { rmSync } from 'node:fs';

/** Removes the run's temporary SQLite database (and its WAL files). */
export default function globalTeardown() {
  const file = process.env.E2E_DB_FILE;
  if (!file) return;
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}
