import { createRequire } from 'node:module';
import type SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SqliteStatements, withStatementCache } from './sqlite-statements.js';

const Database = createRequire(import.meta.url)('better-sqlite3') as typeof SQLite;

describe('withStatementCache (SQLite)', () => {
  let sqlite: SQLite.Database;
  let cache: SqliteStatements;

  beforeEach(() => {
    sqlite = new Database(':memory:');
    sqlite.exec('create table t (id integer primary key, a integer not null, b text not null)');
    const insert = sqlite.prepare('insert into t (a, b) values (?, ?)');
    for (let id = 1; id <= 10; id++) insert.run(id % 2, `row ${id}`);
    cache = withStatementCache(sqlite, 2);
  });
  afterEach(() => cache.close());

  const ids = (rows: unknown[]) => rows.map((row) => (row as { id: number }).id);

  it('runs the same SQL again with new values', () => {
    const byA = 'select "id" from "t" where "a" = ? order by "id" limit ?';
    expect(ids(cache.prepare(byA).all([1, 2]))).toEqual([1, 3]);
    expect(ids(cache.prepare(byA).all([0, 3]))).toEqual([2, 4, 6]);
  });

  it('writes, and reads what it wrote, past as many statements as it keeps', () => {
    cache.prepare('update "t" set "b" = ? where "a" = ?').run(['odd', 1]);
    expect(cache.prepare('select count(*) as n from "t" where "b" = ?').get(['odd'])).toEqual({ n: 5 });
    expect(ids(cache.prepare('select "id" from "t" where "b" = ? order by "id"').all(['odd']))).toEqual([1, 3, 5, 7, 9]);
    cache.prepare('update "t" set "b" = ? where "a" = ?').run(['even', 0]);
    expect(cache.prepare('select count(*) as n from "t" where "b" = ?').get(['even'])).toEqual({ n: 5 });
  });

  it('runs a statement again while an earlier run of it is still being iterated', () => {
    const all = 'select "id" from "t" order by "id"';
    const outer = cache.prepare(all).iterate([]);
    const first = outer.next().value as { id: number };
    expect(ids(cache.prepare(all).all([]))).toHaveLength(10);
    const streamed = [first.id, ...ids([...outer])];
    expect(streamed).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
