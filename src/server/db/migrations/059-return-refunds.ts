import type { Kysely, Migration } from 'kysely';

/**
 * A received return's refund, fixed as it is received: its tax shares depend on the units of its lines
 * refunded before it (src/shared/refunds.ts), so they are counted once, in the transaction that counts
 * its units, and a refund retried later (the payment provider failed) gives back exactly that, however
 * many other returns of the order were received meanwhile. Null until received.
 */
export function returnRefunds(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      await db.schema.alterTable('returns').addColumn('received_at', 'text').execute();
      // The whole refund, and the parts of it that are tax and shipping (the rest: the goods that came back).
      for (const column of ['refund_cents', 'refund_tax_cents', 'refund_shipping_cents']) {
        await db.schema.alterTable('returns').addColumn(column, 'integer').execute();
      }
    },
  };
}
