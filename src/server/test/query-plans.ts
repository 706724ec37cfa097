import { type Compilable, CompiledQuery, type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { Executor } from '../db/schema.js';

/**
 * How the database would run a query, its steps one per line, by default without the steps of a subquery
 * that computes a value of each row (SQLite's correlated scalar subqueries, PostgreSQL's subplans): what
 * they read is a part's few numbers, not the page. PostgreSQL is told to avoid sequential scans: on a
 * test's near-empty table it would rightly prefer one.
 */
export function queryPlan(db: Db, build: (executor: Executor) => Compilable, steps: 'own' | 'with subqueries' = 'own'): Promise<string> {
  const withSubqueries = steps === 'with subqueries';
  return db.kysely.transaction().execute(async (trx) => {
    const { sql: text, parameters } = build(trx).compile();
    if (db.dialect === 'sqlite') {
      const explain = CompiledQuery.raw(`EXPLAIN QUERY PLAN ${text}`, [...parameters]);
      return ownSqliteSteps((await trx.executeQuery<SqliteStep>(explain)).rows, withSubqueries).join('\n');
    }
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const explain = CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${text}`, [...parameters]);
    const [{ Plan }] = (await trx.executeQuery<{ 'QUERY PLAN': [{ Plan: PostgresNode }] }>(explain)).rows[0]!['QUERY PLAN'];
    return ownPostgresSteps(Plan, withSubqueries).join('\n');
  });
}

interface SqliteStep {
  id: number;
  parent: number;
  detail: string;
}

function ownSqliteSteps(steps: SqliteStep[], withSubqueries: boolean): string[] {
  const leftOut = new Set<number>();
  const own: string[] = [];
  for (const step of steps) {
    if (leftOut.has(step.parent) || (!withSubqueries && step.detail.startsWith('CORRELATED SCALAR SUBQUERY'))) leftOut.add(step.id);
    else own.push(step.detail);
  }
  return own;
}

interface PostgresNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Loops'?: number;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Filter?: string;
  Plans?: PostgresNode[];
}

/** Each step as PostgreSQL's text plan names it: "Index Scan using products_pkey on products". */
function ownPostgresSteps(node: PostgresNode, withSubqueries: boolean): string[] {
  const using = node['Index Name'] ? ` using ${node['Index Name']}` : '';
  const on = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
  const children = (node.Plans ?? []).filter((child) => withSubqueries || child['Parent Relationship'] !== 'SubPlan');
  return [`${node['Node Type']}${using}${on}`, ...children.flatMap((child) => ownPostgresSteps(child, withSubqueries))];
}

/** PostgreSQL: the conditions of the steps it ran for the query (`EXPLAIN ANALYZE`: a step behind a false one-time filter never runs). */
export async function conditionsRun(db: Executor, query: RawBuilder<unknown>): Promise<string[]> {
  const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: PostgresNode }] }>`explain (analyze, format json) ${query}`.execute(db);
  return conditionsOfStepsRun(rows[0]!['QUERY PLAN'][0].Plan);
}

function conditionsOfStepsRun(node: PostgresNode): string[] {
  if (node['Actual Loops'] === 0) return [];
  const conditions = [node['Index Cond'], node['Recheck Cond'], node.Filter].filter((condition) => condition !== undefined);
  return [...conditions, ...(node.Plans ?? []).flatMap(conditionsOfStepsRun)];
}
