import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import { type Executor, isPostgres } from './schema.js';

/** Where a value goes in a prepared query: the argument that fills it. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A query Kysely builds and compiles once per database kind, then runs with new values. Kysely builds and
 * compiles every query afresh, 3–9 µs each and their garbage: preparing the seven statements of placing an
 * order that have a fixed shape took one-line orders on SQLite from 1,848–2,140 to 2,289–2,608/s (paired
 * runs, 200,000 orders). As the kysely-params package does it, the query is built once with a slot for
 * each named value, and each run fills the compiled parameters from its arguments.
 *
 * Every value comes from the arguments: a value written into the builder (a `now()`, a status) would be
 * the first run's for good, so compiling a query that has one, or that leaves a named value unused, fails.
 */
export function preparedQuery<A extends Record<string, unknown>, O>(names: readonly (keyof A & string)[], build: (db: Executor, args: A) => Compilable<O>) {
  const compiled = new Map<boolean, CompiledQuery<O>>();
  const compiledFor = (db: Executor): CompiledQuery<O> => {
    const postgres = isPostgres(db);
    let query = compiled.get(postgres);
    if (!query) {
      query = build(db, Object.fromEntries(names.map((name) => [name, new Slot(name)])) as A).compile();
      assertEveryValueIsAnArgument(query, names);
      compiled.set(postgres, query);
    }
    return query;
  };
  return async (db: Executor, args: A): Promise<QueryResult<O>> => {
    const query = compiledFor(db);
    return db.executeQuery({ ...query, parameters: query.parameters.map((slot) => args[(slot as Slot).name]) });
  };
}

/** The names of every column of an insert, checked by the compiler against its row type (none missing, none extra). */
export function everyColumn<Row>(columns: Record<keyof Row & string, true>): (keyof Row & string)[] {
  return Object.keys(columns) as (keyof Row & string)[];
}

function assertEveryValueIsAnArgument(query: CompiledQuery, names: readonly string[]): void {
  const fixed = query.parameters.find((value) => !(value instanceof Slot));
  if (fixed !== undefined) throw new Error(`a prepared query takes every value from its arguments, not ${JSON.stringify(fixed)}: ${query.sql}`);
  const used = new Set(query.parameters.map((slot) => (slot as Slot).name));
  const unused = names.filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`a prepared query leaves ${unused.join(', ')} unused: ${query.sql}`);
}
