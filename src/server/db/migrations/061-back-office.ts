import { type CreateTableBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * The back office (issue 62): a ledger of every change of a part's stock (its sum is the stock, so the
 * parts' stock as it stands opens it), reviews with a moderation status (pending, published, hidden), and
 * the replies staff send to a contact message, so a message keeps its thread.
 */
export function backOffice(dialect: Dialect): Migration {
  const withId = <T extends string>(table: CreateTableBuilder<T>) =>
    dialect === 'sqlite' ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()) : table.addColumn('id', 'serial', (c) => c.primaryKey());
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('stock_movements'))
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('change', 'integer', (c) => c.notNull())
        .addColumn('stock_after', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('order_id', 'integer')
        .addColumn('actor_user_id', 'integer')
        .addColumn('actor_name', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('stock_movements_by_product').on('stock_movements').columns(['product_id', 'id']).execute();
      // The opening balance: the stock each part has now, as one 'edit' by nobody.
      await sql`insert into stock_movements (product_id, change, stock_after, reason, created_at)
        select id, stock, stock, 'edit', updated_at from products where stock <> 0`.execute(db);

      await db.schema.alterTable('reviews').addColumn('status', 'text', (c) => c.notNull().defaultTo('published')).execute();
      await sql`update reviews set status = 'hidden' where hidden_at is not null`.execute(db);
      await db.schema.createIndex('reviews_by_status').on('reviews').columns(['status', 'id']).execute();

      await withId(db.schema.createTable('contact_replies'))
        .addColumn('message_id', 'integer', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('sender_user_id', 'integer')
        .addColumn('sender_name', 'text', (c) => c.notNull())
        .addColumn('sender_email', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contact_replies_by_message').on('contact_replies').columns(['message_id', 'id']).execute();
    },
  };
}
