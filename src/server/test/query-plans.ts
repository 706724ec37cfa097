import { type Compilable, CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { Executor } from '../db/schema.js';

/**
 * How the database would run a query, its steps one per line. PostgreSQL is told to avoid sequential
 * scans: on a test's near-empty table it would rightly prefer one.
 */
export function queryPlan(db: Db, build: (executor: Executor) => Compilable): Promise<string> {
  return db.kysely.transaction().execute(async (trx) => {
    const { sql: text, parameters } = build(trx).compile();
    const sqlite = db.dialect === 'sqlite';
    if (!sqlite) await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const explain = CompiledQuery.raw(`${sqlite ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'} ${text}`, [...parameters]);
    const { rows } = await trx.executeQuery<Record<string, string>>(explain);
    return rows.map((row) => (sqlite ? row.detail : row['QUERY PLAN'])).join('\n');
  });
}
