import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as fromSources from './checkpoints.js';
import { connect } from './connection.js';

const Database = createRequire(import.meta.url)('better-sqlite3') as typeof SQLite;
const MEGABYTES = 8; // fewer pages of log than the committing thread's own threshold (checked below)
const PAGES_PER_MEGABYTE = 256;

/** Waits until the database file has grown to hold `megabytes`, or ten seconds have passed; its size. */
async function fileHoldsWithin10s(file: string, megabytes: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  while (statSync(file).size < megabytes * 1024 * 1024 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return statSync(file).size;
}

/**
 * checkpoints.ts and its worker compiled to JavaScript as the build compiles them (each file on its own,
 * as ES modules), in a folder of their own that finds the project's packages.
 */
async function compiledCheckpoints(folder: string): Promise<typeof fromSources> {
  for (const name of ['checkpoints', 'checkpoint-worker']) {
    const source = readFileSync(new URL(`./${name}.ts`, import.meta.url), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      fileName: `${name}.ts`,
      compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    });
    writeFileSync(join(folder, `${name}.js`), outputText);
  }
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module' }));
  symlinkSync(fileURLToPath(new URL('../../../node_modules', import.meta.url)), join(folder, 'node_modules'), 'dir');
  return (await import(pathToFileURL(join(folder, 'checkpoints.js')).href)) as typeof fromSources;
}

describe('WAL checkpoints on their own thread (SQLite)', () => {
  let folder: string;
  let file: string;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'checkpoints-'));
    file = join(folder, 'shop.db');
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('copies committed pages into the database file although the committing thread never checkpointed', async () => {
    expect(MEGABYTES * PAGES_PER_MEGABYTE).toBeLessThan(fromSources.backstopPages);
    const db = connect({ kind: 'sqlite', file });
    try {
      await sql`create table pictures (id integer primary key, bytes blob not null)`.execute(db.kysely);
      await db.kysely.transaction().execute(async (trx) => {
        for (let n = 0; n < MEGABYTES; n += 1) await sql`insert into pictures (bytes) values (zeroblob(${1024 * 1024}))`.execute(trx);
      });
      expect(await fileHoldsWithin10s(file, MEGABYTES)).toBeGreaterThanOrEqual(MEGABYTES * 1024 * 1024);
    } finally {
      await db.kysely.destroy();
    }
  });

  it.each([
    ['from the TypeScript sources', async () => fromSources],
    ['from the compiled build', () => compiledCheckpoints(mkdtempSync(join(folder, 'build-')))],
  ])('starts its worker %s', async (_, load) => {
    const { checkpointInBackground } = await load();
    // A connection that never checkpoints by itself, open throughout (closing the last one would checkpoint).
    const writer = new Database(file);
    writer.pragma('journal_mode = WAL');
    writer.pragma('wal_autocheckpoint = 0');
    writer.exec('create table pictures (id integer primary key, bytes blob not null)');
    const insert = writer.prepare('insert into pictures (bytes) values (zeroblob(?))');
    writer.transaction(() => {
      for (let n = 0; n < MEGABYTES; n += 1) insert.run(1024 * 1024);
    })();
    expect(statSync(file).size).toBeLessThan(1024 * 1024);
    const checkpoints = checkpointInBackground(file, 20);
    try {
      expect(await fileHoldsWithin10s(file, MEGABYTES)).toBeGreaterThanOrEqual(MEGABYTES * 1024 * 1024);
    } finally {
      checkpoints.stop();
      writer.close();
    }
  });
});
