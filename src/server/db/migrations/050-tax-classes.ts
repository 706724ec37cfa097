import { type Kysely, type Migration, sql } from 'kysely';

/** Each part's tax class (standard, reduced or zero): which of a destination's rates its order lines pay. */
export function taxClasses(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('products')
        .addColumn('tax_class', 'text', (column) => column.notNull().defaultTo('standard').check(sql`tax_class in ('standard', 'reduced', 'zero')`))
        .execute();
    },
  };
}
