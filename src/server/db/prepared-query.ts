import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import { type Executor, isPostgres } from './schema.js';

/** Where a value goes in a prepared query: the argument that fills it, or that field of the list's item at `item`. */
class Slot {
  constructor(
    readonly name: string,
    readonly item?: number,
  ) {}

  valueIn(args: Record<string, unknown> | readonly Record<string, unknown>[]): unknown {
    return this.item === undefined ? (args as Record<string, unknown>)[this.name] : (args as readonly Record<string, unknown>[])[this.item]![this.name];
  }
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
  return prepare(names, build, nameStatement);
}

/**
 * A prepared statement whose result nobody reads: a lock taken, a row added. On PostgreSQL, inside a
 * transaction, the connection (connection.ts) sends it in one write with the statement that follows it
 * instead of waiting for its answer first: a round trip fewer. Should it fail, that statement fails with
 * its error, and the transaction with it, as it would have anyway.
 */
export function preparedCommand<A extends Record<string, unknown>>(names: readonly (keyof A & string)[], build: (db: Executor, args: A) => Compilable<unknown>) {
  const run = prepare(names, build, (sql) => {
    nameStatement(sql);
    sentWithNext.add(sql);
  });
  return async (db: Executor, args: A): Promise<void> => {
    await run(db, args);
  };
}

function prepare<A extends Record<string, unknown>, O>(names: readonly (keyof A & string)[], build: (db: Executor, args: A) => Compilable<O>, onPostgres: (sql: string) => void) {
  const run = compiledOnce<A, O>((query, postgres) => {
    assertEveryValueIsAnArgument(query);
    assertUsesEvery(query, names);
    assertNamesItsColumns(query);
    if (postgres) onPostgres(query.sql);
  });
  const slots = slotsNamed<A>(names);
  return (db: Executor, args: A): Promise<QueryResult<O>> => run(db, String(isPostgres(db)), () => build(db, slots), args);
}

/**
 * A query whose statement depends on which of its filters are given, its shape (a product list with or
 * without a category, sorted by price or by name), built and compiled once per shape and database kind and
 * run with new values as `preparedQuery` runs its one shape. The builder must decide the statement from the
 * shape alone and take every value from the arguments; a value the shape's statement needs and the
 * arguments lack fails the run.
 */
export function preparedShapes<S, A extends Record<string, unknown>, O>(build: (db: Executor, shape: S, args: A) => Compilable<O>) {
  const run = compiledOnce<A, O>((query) => {
    assertEveryValueIsAnArgument(query);
    assertNamesItsColumns(query);
  });
  return (db: Executor, shape: S, args: A): Promise<QueryResult<O>> =>
    run(db, `${isPostgres(db)} ${JSON.stringify(shape)}`, () => build(db, shape, slotsNamed<A>(Object.keys(args))), args);
}

/** What a query is built with in place of its arguments: a slot for each. */
function slotsNamed<A>(names: readonly string[]): A {
  return Object.fromEntries(names.map((name) => [name, new Slot(name)])) as A;
}

/**
 * Runs the query `build` makes of slots, compiled once per key (and checked then), with the slots filled
 * from `args`; a slot the arguments leave undefined fails the run (a value of its own is null).
 */
function compiledOnce<A extends Record<string, unknown> | readonly Record<string, unknown>[], O>(check: (query: CompiledQuery<O>, postgres: boolean) => void) {
  const compiled = new Map<string, CompiledQuery<O>>();
  const valueOf = (args: A, slot: Slot) => {
    const value = slot.valueIn(args);
    if (value === undefined) throw new Error(`a prepared query needs ${slot.name}, which its arguments lack`);
    return value;
  };
  return async (db: Executor, key: string, build: () => Compilable<O>, args: A): Promise<QueryResult<O>> => {
    let query = compiled.get(key);
    if (!query) {
      query = build().compile();
      check(query, isPostgres(db));
      compiled.set(key, query);
    }
    return db.executeQuery({ ...query, parameters: query.parameters.map((slot) => valueOf(args, slot as Slot)) });
  };
}

/**
 * PostgreSQL parses and plans a statement afresh each time unless it is prepared under a name, once per
 * connection; the pool's clients (connection.ts) run these SQL texts under their names. Only prepared queries
 * and `preparedForEach`'s are named: each finds rows by a key or inserts one, so the generic plan PostgreSQL
 * settles on after five runs is the one it would choose anyway, where a search's would not be.
 */
const statementNames = new Map<string, string>();

function nameStatement(sql: string): void {
  if (!statementNames.has(sql)) statementNames.set(sql, `prepared_${statementNames.size + 1}`);
}

/**
 * Each named statement costs every connection its plan (a lookup of 200 parts about 90 KB), so the
 * statements whose SQL follows a count get names only while there are fewer than these.
 */
const MOST_NAMED_STATEMENTS = 100;

/**
 * A key lookup or an insert over a list (the parts an order names, its lines), whose statement follows how
 * many items the list has: built and compiled once per count, as `preparedQuery` builds its one statement,
 * with a slot for each named field of each item; the counts a caller passes must be bounded (an order has at
 * most 200 lines: at most 200 statements of each kind). Kysely built and compiled them for every order: one-line
 * orders on SQLite, alternating runs, 868–918 → 1,043–1,186/s (server CPU 1,235–1,334 → 972–1,083 µs an
 * order). On PostgreSQL each count runs under a name while there are names left.
 */
export function preparedForEach<I extends Record<string, unknown>, O>(names: readonly (keyof I & string)[], build: (db: Executor, items: readonly I[]) => Compilable<O>) {
  const run = compiledOnce<readonly I[], O>((query, postgres) => {
    assertEveryValueIsAnArgument(query);
    assertUsesEvery(query, names);
    assertNamesItsColumns(query);
    if (postgres && statementNames.size < MOST_NAMED_STATEMENTS) nameStatement(query.sql);
  });
  const slotsOf = (count: number) => Array.from({ length: count }, (_, item) => Object.fromEntries(names.map((name) => [name, new Slot(name, item)])) as I);
  return async (db: Executor, items: readonly I[]): Promise<O[]> => (await run(db, `${isPostgres(db)} ${items.length}`, () => build(db, slotsOf(items.length)), items)).rows;
}

/** The name this SQL runs under on PostgreSQL, or undefined when it runs unnamed. */
export function statementNameOf(sql: string): string | undefined {
  return statementNames.get(sql);
}

const sentWithNext = new Set<string>();

/** Whether this SQL is a prepared command's, which a transaction sends with the statement after it. */
export function isSentWithNext(sql: string): boolean {
  return sentWithNext.has(sql);
}

/** The names of every column of a row (an insert's values, a result), checked by the compiler against its type (none missing, none extra). */
export function everyColumn<Row>(columns: Record<keyof Row & string, true>): (keyof Row & string)[] {
  return Object.keys(columns) as (keyof Row & string)[];
}

function assertEveryValueIsAnArgument(query: CompiledQuery): void {
  const fixed = query.parameters.findIndex((value) => !(value instanceof Slot));
  if (fixed !== -1) throw new Error(`a prepared query takes every value from its arguments, not ${JSON.stringify(query.parameters[fixed])}: ${query.sql}`);
}

function assertUsesEvery(query: CompiledQuery, names: readonly string[]): void {
  const used = new Set(query.parameters.map((slot) => (slot as Slot).name));
  const unused = names.filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`a prepared query leaves ${unused.join(', ')} unused: ${query.sql}`);
}

/**
 * PostgreSQL refuses to run a named statement whose result columns changed ("cached plan must not change
 * result type"): a `*` would break every server still running while a migration adds a column.
 */
function assertNamesItsColumns(query: CompiledQuery): void {
  if (/(?:\bselect|\breturning|,)\s+\*|\.\*/i.test(query.sql)) throw new Error(`a prepared query names the columns it returns, not *: ${query.sql}`);
}
