import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backstopPages } from './checkpoints.js';
import { connect, type Db } from './connection.js';

describe('WAL checkpoints on their own thread (SQLite)', () => {
  let folder: string;
  let file: string;
  let db: Db;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'checkpoints-'));
    file = join(folder, 'shop.db');
    db = connect({ kind: 'sqlite', file });
  });
  afterEach(async () => {
    await db.kysely.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  it('copies committed pages into the database file although the committing thread never checkpointed', async () => {
    await sql`create table pictures (id integer primary key, bytes blob not null)`.execute(db.kysely);
    const megabytes = 8; // 2,000 pages: far below the committing thread's own threshold
    expect(megabytes * 256).toBeLessThan(backstopPages);
    await db.kysely.transaction().execute(async (trx) => {
      for (let n = 0; n < megabytes; n += 1) await sql`insert into pictures (bytes) values (zeroblob(${1024 * 1024}))`.execute(trx);
    });
    const fileSize = () => statSync(file).size;
    const deadline = Date.now() + 10_000;
    while (fileSize() < megabytes * 1024 * 1024 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fileSize()).toBeGreaterThanOrEqual(megabytes * 1024 * 1024);
  });
});
