import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/** Payments (the audit trail), processed webhook events, and the built-in test processor's intents. */
export function payments(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('payments')
        .addColumn('id', idType, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('intent_id', 'text', (c) => c.notNull().unique())
        .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payments_order').on('payments').column('order_id').execute();

      await db.schema
        .createTable('webhook_events')
        .addColumn('event_id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('test_processor_intents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('client_secret', 'text', (c) => c.notNull().unique())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
