// npm run backup [-- <destination.db>]: a consistent copy of the shop's SQLite database, taken while the
// shop runs (no need to stop it), with SQLite's online backup API (better-sqlite3's db.backup).
//
// The database is found as the server finds it: DATABASE_URL, default data/shop.db, an `sqlite:` or
// `file:` prefix allowed (the rule of parseDatabaseUrl in src/server/config.ts). The copy goes to
// backups/shop-<UTC timestamp>.db unless a destination is given; it is written under a temporary name,
// checked (PRAGMA integrity_check) and only then renamed, so a file with the final name is always a
// whole, sound backup. It is a single self-contained file (rollback journal, no -wal/-shm next to it).
// Plain JavaScript on purpose: it runs where only production dependencies are installed.
//
// PostgreSQL is not backed up here: use pg_dump (see docs/operations.md). Exit codes: 0 written,
// 1 failed, 2 not an SQLite database.
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { requireSupportedNode } from './lib/require-node.mjs';

requireSupportedNode();

function fail(message, code = 1) {
  console.error(`backup: ${message}`);
  process.exit(code);
}

const url = process.env.DATABASE_URL ?? 'data/shop.db';
if (url.trim() === '') fail('DATABASE_URL is empty');
if (/^postgres(ql)?:\/\//.test(url)) {
  fail(
    'DATABASE_URL is a PostgreSQL database: back it up with pg_dump, e.g.\n' +
      '  pg_dump --format=custom --file=partsmith-$(date -u +%Y%m%dT%H%M%SZ).dump "$DATABASE_URL"\n' +
      'and restore with pg_restore (see docs/operations.md, "Backups and restores").',
    2,
  );
}
const source = url.replace(/^(sqlite|file):(\/\/)?/, '');
if (source === ':memory:') fail('DATABASE_URL is an in-memory database: there is nothing on disk to back up', 2);
if (!existsSync(source)) fail(`no database at ${resolve(source)} (DATABASE_URL=${url})`);

const stamp = new Date().toISOString().replace(/[:.]/g, '-'); // shop-2025-01-31T23-59-59-123Z.db
const destination = resolve(process.argv[2] ?? join('backups', `shop-${stamp}.db`));
if (destination === resolve(source)) fail('the destination is the database itself');
if (existsSync(destination)) fail(`${destination} exists already; not overwriting it`);
mkdirSync(dirname(destination), { recursive: true });
const partial = `${destination}.partial-${process.pid}`;

const started = Date.now();
let db;
try {
  db = new Database(source, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  // Every page in one step: the step reads one snapshot of the database (the shop keeps writing
  // meanwhile, WAL lets it), so the copy is the database as it was at one instant. In small steps
  // SQLite would restart the copy after each write by the shop, forever on a busy shop.
  await db.backup(partial, { progress: () => 0x7fffffff });
} catch (error) {
  rmSync(partial, { force: true });
  fail(`could not copy ${resolve(source)}: ${error.message}`);
} finally {
  db?.close();
}

let summary;
try {
  const copy = new Database(partial, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE'); // one self-contained file
    const integrity = copy.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`integrity_check says: ${integrity}`);
    const count = (table) => copy.prepare(`select count(*) as n from ${table}`).get().n;
    summary = `${count('orders')} orders, ${count('products')} products, ${count('users')} users`;
  } finally {
    copy.close();
  }
} catch (error) {
  rmSync(partial, { force: true });
  fail(`the copy failed its check, nothing was written: ${error.message}`);
}
renameSync(partial, destination);

const size = statSync(destination).size;
console.log(
  `backup written: ${destination} (${(size / 1024).toFixed(0)} KiB, ${summary}, integrity ok, ${Date.now() - started} ms)`,
);
