import { createRequire } from 'node:module';
import type SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stableSql, withStatementCache } from './sqlite-statements.js';

const Database = createRequire(import.meta.url)('better-sqlite3') as typeof SQLite;

describe('stableSql', () => {
  it('writes `= ?` as `= +?` and leaves every other comparison as it is', () => {
    expect(stableSql('select "id" from "t" where "a" = ? and "b" >= ? and "c" <= ? and "d" != ? and "e" in (?, ?) and "f" > ?')).toEqual({
      parts: ['select "id" from "t" where "a" = +? and "b" >= ? and "c" <= ? and "d" != ? and "e" in (?, ?) and "f" > ?'],
      limits: [],
    });
    expect(stableSql('update "t" set "a" = ?, "b" = "b" + ? where "id"=?').parts).toEqual(['update "t" set "a" = +?, "b" = "b" + ? where "id"=+?']);
  });

  it("cuts the SQL where each LIMIT's value goes, naming the parameter that fills it", () => {
    expect(stableSql('select * from (select "id" from "t" where "a" = ? limit ?) where "id" > ? order by "id" LIMIT ? offset ?')).toEqual({
      parts: ['select * from (select "id" from "t" where "a" = +? limit ', ') where "id" > ? order by "id" LIMIT ', ' offset ?'],
      limits: [1, 3],
    });
  });

  it("leaves question marks and equal signs inside strings, names and comments alone", () => {
    const sql = `select 'a = ?' as "b = ?", 'it''s = ?' from "t" -- = ? limit ?\nwhere "c" = ? limit ?`;
    expect(stableSql(sql)).toEqual({
      parts: [`select 'a = ?' as "b = ?", 'it''s = ?' from "t" -- = ? limit ?\nwhere "c" = +? limit `, ''],
      limits: [1],
    });
  });
});

describe('withStatementCache (SQLite)', () => {
  let sqlite: SQLite.Database;
  let prepared: string[];
  let cache: ReturnType<typeof withStatementCache>;

  beforeEach(() => {
    sqlite = new Database(':memory:');
    sqlite.exec('create table t (id integer primary key, a integer not null, b text not null); create index t_a on t (a)');
    const insert = sqlite.prepare('insert into t (a, b) values (?, ?)');
    for (let id = 1; id <= 10; id++) insert.run(id % 2, `row ${id}`);
    prepared = [];
    const prepare = sqlite.prepare.bind(sqlite);
    sqlite.prepare = ((source: string) => {
      prepared.push(source);
      return prepare(source);
    }) as typeof sqlite.prepare;
    cache = withStatementCache(sqlite, () => sqlite.close());
  });
  afterEach(() => sqlite.close());

  const ids = (rows: unknown[]) => rows.map((row) => (row as { id: number }).id);

  it('runs a query with its limit written into the SQL, one statement per limit, the other values bound', () => {
    const query = cache.prepare('select "id" from "t" where "a" = ? order by "id" limit ?');
    expect(query.reader).toBe(true);
    expect(ids(query.all([1, 2]))).toEqual([1, 3]);
    expect(ids(query.all([0, 3]))).toEqual([2, 4, 6]);
    expect(ids(query.all([1, 2]))).toEqual([1, 3]);
    expect(prepared.filter((source) => !source.endsWith('limit ?'))).toEqual([
      'select "id" from "t" where "a" = +? order by "id" limit 2',
      'select "id" from "t" where "a" = +? order by "id" limit 3',
    ]);
  });

  it('binds a limit that is not a whole number, as SQLite would take it', () => {
    const query = cache.prepare('select "id" from "t" order by "id" limit ?');
    expect(ids(query.all(['2']))).toEqual([1, 2]);
    expect(() => query.all(['two'])).toThrow('datatype mismatch');
  });

  it('writes, and streams, with the same values', () => {
    cache.prepare('update "t" set "b" = ? where "a" = ?').run(['odd', 1]);
    const rows = [...cache.prepare('select "id", "b" from "t" where "b" = ? order by "id" limit ?').iterate(['odd', 10])];
    expect(ids(rows)).toEqual([1, 3, 5, 7, 9]);
  });
});
