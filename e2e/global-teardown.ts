import { rmSync } from 'node:fs';

/** Removes the run's temporary SQLite databases (and their WAL files), the shop's and the one without Google's, and its uploads. */
export default function globalTeardown() {
  if (process.env.E2E_UPLOAD_DIR) rmSync(process.env.E2E_UPLOAD_DIR, { recursive: true, force: true });
  for (const file of [process.env.E2E_DB_FILE, process.env.E2E_NO_GOOGLE_DB_FILE]) {
    if (!file) continue;
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
  }
}
