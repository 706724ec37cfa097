import type { Kysely, KyselyPlugin } from 'kysely';
import type { Database } from '../db/schema.js';

/** The database, counting the queries answered through it (each statement's result is counted once). */
export function countingQueries(db: Kysely<Database>): { db: Kysely<Database>; queries: () => number } {
  let queries = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      queries += 1;
      return args.result;
    },
  };
  return { db: db.withPlugin(counter), queries: () => queries };
}
