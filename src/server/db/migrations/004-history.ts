import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/** Every order status change, and every admin action on products and users: who, what, when. */
export function history(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('order_events')
        .addColumn('id', idType, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('from_status', 'text')
        .addColumn('to_status', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('actor_user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_events_order').on('order_events').column('order_id').execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', idType, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('admin_user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      // The expiry job looks for old unpaid orders.
      await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_at']).execute();
    },
  };
}
