import type SQLite from 'better-sqlite3';

/**
 * The SQL a statement runs as on SQLite, so that SQLite keeps it prepared. SQLite marks a statement to be
 * prepared again when a value bound to it could change its plan: a `LIMIT ?`, and the `column = ?` of a
 * query it plans in full (a join; an index that is not unique) in case the value is 0 or 1. better-sqlite3
 * clears a statement's values after every run, and clearing them expires such a statement whatever the
 * next values are: it was prepared again on every run (a page of parts 64 µs instead of 32, the session's
 * account lookup 22 µs instead of 6). So a `LIMIT` gets its value written into the SQL (a page comes in
 * a few sizes: a few statements), and `= ?` is sent as `= +?`: the same value to SQLite (neither has an
 * affinity), which it does not look into when planning. `limits` are the indexes of the parameters that
 * go into `parts`' gaps.
 */
export interface StableSql {
  parts: string[];
  limits: number[];
}

export function stableSql(sql: string): StableSql {
  const parts: string[] = [];
  const limits: number[] = [];
  let text = '';
  let parameter = 0;
  for (let at = 0; at < sql.length; ) {
    const char = sql[at]!;
    const quoted = char === "'" || char === '"' ? endOfQuoted(sql, at) : char === '-' && sql[at + 1] === '-' ? endOfLine(sql, at) : at;
    if (quoted > at) {
      text += sql.slice(at, quoted);
      at = quoted;
    } else if (char === '?') {
      const limit = /\blimit\s+$/i.test(text);
      if (limit) {
        parts.push(text);
        limits.push(parameter);
        text = '';
      } else text += /(?:^|[^<>!=])=\s*$/.test(text) ? '+?' : '?';
      parameter += 1;
      at += 1;
    } else {
      text += char;
      at += 1;
    }
  }
  parts.push(text);
  return { parts, limits };
}

/** Past the closing quote of the string or name that starts at `at` (a doubled quote stays inside). */
function endOfQuoted(sql: string, at: number): number {
  const quote = sql[at];
  let end = at + 1;
  while (end < sql.length) {
    if (sql[end] === quote && sql[end + 1] === quote) end += 2;
    else if (sql[end] === quote) return end + 1;
    else end += 1;
  }
  return end;
}

function endOfLine(sql: string, at: number): number {
  const end = sql.indexOf('\n', at);
  return end === -1 ? sql.length : end;
}

/** What Kysely's SQLite driver runs a query with: better-sqlite3's statement, or this in its place. */
interface Runner {
  reader: boolean;
  readonly: boolean;
  all(values: unknown[]): unknown[];
  run(values: unknown[]): SQLite.RunResult;
  iterate(values: unknown[]): IterableIterator<unknown>;
}

/**
 * Kysely prepares every query afresh; compiling SQL is a large share of a small query's cost, so keep
 * the prepared statements by their SQL text (queries are parameterised, so the set stays small), each
 * as stableSql writes it. A statement being iterated (streamed) can't be shared, so streaming gets a
 * fresh one.
 */
export function withStatementCache(sqlite: SQLite.Database, close: () => void, maxStatements = 500) {
  const statements = new Map<string, SQLite.Statement>();
  const runners = new Map<string, Runner>();
  const prepared = (text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = sqlite.prepare(text);
      if (statements.size >= maxStatements) statements.delete(statements.keys().next().value!);
      statements.set(text, statement);
    }
    return statement;
  };
  const fresh = (statement: SQLite.Statement) => (statement.busy ? sqlite.prepare(statement.source) : statement);
  const runnerOf = (sqlText: string): Runner => {
    const sql = stableSql(sqlText);
    if (sql.limits.length === 0) {
      const text = sql.parts[0]!;
      return {
        reader: prepared(text).reader,
        readonly: prepared(text).readonly,
        all: (values) => prepared(text).all(values),
        run: (values) => prepared(text).run(values),
        iterate: (values) => fresh(prepared(text)).iterate(values),
      };
    }
    const withLimitsBound = sql.parts.join('?');
    /** The statement with these limits written in, and the values it still takes. */
    const forRun = (values: unknown[]): [SQLite.Statement, unknown[]] => {
      const limits = sql.limits.map((index) => values[index]);
      if (!limits.every(Number.isSafeInteger)) return [prepared(withLimitsBound), values];
      const text = sql.parts.reduce((joined, part, i) => joined + String(limits[i - 1]) + part);
      return [prepared(text), values.filter((_, index) => !sql.limits.includes(index))];
    };
    const apply = <R>(values: unknown[], use: (statement: SQLite.Statement, rest: unknown[]) => R) => use(...forRun(values));
    return {
      reader: prepared(withLimitsBound).reader,
      readonly: prepared(withLimitsBound).readonly,
      all: (values) => apply(values, (statement, rest) => statement.all(rest)),
      run: (values) => apply(values, (statement, rest) => statement.run(rest)),
      iterate: (values) => apply(values, (statement, rest) => fresh(statement).iterate(rest)),
    };
  };
  return {
    close,
    prepare(sqlText: string): Runner {
      let runner = runners.get(sqlText);
      if (!runner) {
        runner = runnerOf(sqlText);
        if (runners.size >= maxStatements) runners.delete(runners.keys().next().value!);
        runners.set(sqlText, runner);
      }
      return runner;
    },
  };
}
