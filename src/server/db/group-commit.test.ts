import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommitSqliteDialect } from './group-commit.js';
import { asLargeWrite } from './large-writes.js';

interface Tables {
  parts: { id: Generated<number>; name: string };
  fits: { part_id: number };
}

/** The dialect over a real database file, counting the transactions SQLite itself was asked to begin. */
function openShop(file: string) {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  const begun: string[] = [];
  const database = {
    close: () => sqlite.close(),
    prepare(text: string) {
      if (text.startsWith('begin')) begun.push(text);
      return sqlite.prepare(text);
    },
  };
  const db = new Kysely<Tables>({ dialect: new GroupCommitSqliteDialect({ database }, () => sqlite.inTransaction) });
  return { db, begun };
}

describe('group commit (SQLite)', () => {
  let folder: string;
  let file: string;
  let shop: ReturnType<typeof openShop>;
  /** A second connection: sees only what is committed. */
  let outside: SQLite.Database;
  const committedNames = () => (outside.prepare('select name from parts order by id').all() as { name: string }[]).map((row) => row.name);

  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'group-commit-'));
    file = join(folder, 'shop.db');
    shop = openShop(file);
    await sql`create table parts (id integer primary key, name text not null unique)`.execute(shop.db);
    await sql`create table fits (part_id integer not null references parts (id) deferrable initially deferred)`.execute(shop.db);
    outside = new SQLite(file, { readonly: true });
  });
  afterEach(async () => {
    outside.close();
    await shop.db.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  const addPart = (name: string) => shop.db.transaction().execute((trx) => trx.insertInto('parts').values({ name }).execute());

  it('lets transactions that queue up behind one another share one commit, each answered once it is committed', async () => {
    const names = Array.from({ length: 20 }, (_, n) => `Part ${n}`);
    await Promise.all(
      names.map(async (name) => {
        await addPart(name);
        expect(committedNames()).toContain(name);
      }),
    );
    expect(committedNames().sort()).toEqual([...names].sort());
    expect(shop.begun.length).toBeLessThan(5);
  });

  it('undoes only the transaction that failed, not the others of its group', async () => {
    const failing = () =>
      shop.db.transaction().execute(async (trx) => {
        await trx.insertInto('parts').values({ name: 'Half done' }).execute();
        await trx.insertInto('parts').values({ name: 'Brake Disc' }).execute();
      });
    const results = await Promise.allSettled([addPart('Brake Disc'), failing(), addPart('Oil Filter')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committedNames()).toEqual(['Brake Disc', 'Oil Filter']);
  });

  it('makes a single statement run while a group is open wait for that group, and see it', async () => {
    const placing = addPart('Wiper Blade');
    const counted = shop.db.selectFrom('parts').select((eb) => eb.fn.countAll<number>().as('parts')).executeTakeFirstOrThrow();
    expect((await counted).parts).toBe(1);
    expect(committedNames()).toEqual(['Wiper Blade']);
    await placing;
  });

  it('tells every member when the shared commit fails, keeps none of them, and starts afresh after', async () => {
    const orphan = () => shop.db.transaction().execute((trx) => trx.insertInto('fits').values({ part_id: 999 }).execute());
    const results = await Promise.allSettled([addPart('Spark Plug'), orphan(), addPart('Air Filter')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY constraint failed/);
    expect(committedNames()).toEqual([]);

    await addPart('Fuel Pump');
    expect(committedNames()).toEqual(['Fuel Pump']);
  });

  it('holds the write lock from the start, so a transaction that reads before it writes is never refused for another process\'s commit', async () => {
    const otherProcess = new SQLite(file);
    otherProcess.pragma('busy_timeout = 0'); // a real one waits up to its busy_timeout, then gives up
    let otherWriter = 'did not try';
    await shop.db.transaction().execute(async (trx) => {
      await trx.selectFrom('parts').selectAll().execute();
      try {
        otherProcess.prepare("insert into parts (name) values ('Written Elsewhere')").run();
        otherWriter = 'committed in between';
      } catch (error) {
        otherWriter = String(error);
      }
      await trx.insertInto('parts').values({ name: 'Read First' }).execute();
    });
    otherProcess.close();
    expect(otherWriter).toMatch(/database is locked/);
    expect(committedNames()).toEqual(['Read First']);
  });

  describe('the pages a member may have to restore', () => {
    /** Files this process holds open that have no name any more: SQLite's temporary files. */
    const openTemporaryFiles = () => readdirSync('/proc/self/fd').filter((fd) => linkOf(`/proc/self/fd/${fd}`).endsWith(' (deleted)')).length;
    /** '' for the listing's own descriptor, closed by the time it is read. */
    const linkOf = (path: string) => {
      try {
        return readlinkSync(path);
      } catch {
        return '';
      }
    };
    /** Renames 200 parts of about a page each: far more than the 64 kB SQLite keeps in memory by default. */
    async function renameEveryPart(): Promise<number> {
      return shop.db.transaction().execute(async (trx) => {
        await sql`update parts set name = 'x' || name`.execute(trx);
        return openTemporaryFiles();
      });
    }
    beforeEach(async () => {
      const parts = Array.from({ length: 200 }, (_, n) => ({ name: `${n} `.padEnd(3000, 'p') }));
      await shop.db.transaction().execute((trx) => trx.insertInto('parts').values(parts).execute());
    });

    it.runIf(process.platform === 'linux')('keeps them in memory, written to no temporary file', async () => {
      const before = openTemporaryFiles();
      expect(await renameEveryPart()).toBe(before);
      expect(await asLargeWrite(renameEveryPart)).toBe(before + 1);
    });

    it('commits the open group and answers its members before a large write begins a group of its own', async () => {
      const storeIn = (trx: Kysely<Tables>) => sql<{ temp_store: number }>`pragma temp_store`.execute(trx).then(({ rows }) => rows[0]!.temp_store);
      const placing = shop.db.transaction().execute(async (trx) => {
        await trx.insertInto('parts').values({ name: 'Brake Hose' }).execute();
        return storeIn(trx);
      });
      while (shop.begun.length < 2) await Promise.resolve();
      const importing = asLargeWrite(() =>
        shop.db.transaction().execute(async (trx) => {
          const committedBefore = committedNames();
          await trx.insertInto('parts').values({ name: 'Imported Part' }).execute();
          return { committedBefore, store: await storeIn(trx) };
        }),
      );
      const [placed, imported] = await Promise.all([placing, importing]);
      expect(imported.committedBefore).toContain('Brake Hose');
      expect(committedNames()).toEqual(expect.arrayContaining(['Brake Hose', 'Imported Part']));
      expect([placed, imported.store]).toEqual([2, 1]); // memory, file
      expect(shop.begun).toHaveLength(3);
    });
  });

  it('commits the open group before it closes', async () => {
    const placing = addPart('Timing Belt');
    while (shop.begun.length === 0) await Promise.resolve();
    await shop.db.destroy();
    await placing;
    expect(committedNames()).toEqual(['Timing Belt']);
  });
});
