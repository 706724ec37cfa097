import type { Kysely, Migration } from 'kysely';

/**
 * The tax an order charged, split by what it was charged on: each line's goods and its core deposits, and
 * the shipping, each rounded as the quote rounded it, so that together they are the order's tax_cents and a
 * refund gives back each unit's own share. Orders placed before carry 0s (their tax, if any, unsplit).
 */
export function lineTax(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      const columns: [table: string, name: string][] = [
        ['order_lines', 'tax_cents'],
        ['order_lines', 'core_tax_cents'],
        ['orders', 'shipping_tax_cents'],
      ];
      for (const [table, name] of columns) await db.schema.alterTable(table).addColumn(name, 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  };
}
