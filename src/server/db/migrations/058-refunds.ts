import { type Kysely, type Migration } from 'kysely';

/**
 * Money going back (issue 61): a provider's refund is recorded once (its id is unique among the shop's
 * refunds), a refund is a line of its order's history, and the built-in test processor refunds parts of a
 * payment as Stripe does: per refund, by idempotency key, never more than it captured.
 */
export function refunds(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('refunds_by_provider_refund').on('refunds').column('provider_refund_id').unique().execute();
      await db.schema.alterTable('order_events').addColumn('refund_id', 'integer').execute();

      // What the processor gave back of each payment, and how many of its next refunds it declines (the refund-declining test card).
      await db.schema.alterTable('test_processor_intents').addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('test_processor_intents').addColumn('declines_refunds', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema
        .createTable('test_processor_refunds')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('intent_id', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
