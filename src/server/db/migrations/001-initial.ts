import { type CreateTableBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/** The same tables on SQLite and PostgreSQL; only the auto-increment id is spelled differently. */
export function initial(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';

  return {
    async up(db: Kysely<unknown>) {
      const table = (name: string) =>
        db.schema
          .createTable(name)
          .addColumn('id', idType, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()));
      const withTimestamps = (t: CreateTableBuilder<string, string>) =>
        t.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());

      await withTimestamps(
        table('users')
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('password_hash', 'text')
          .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
          .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('photo_url', 'text')
          .addColumn('deleted_at', 'text'),
      ).execute();
      // A removed account keeps its row (orders point at it) but frees its e-mail.
      await db.schema
        .createIndex('users_email_active')
        .on('users')
        .column('email')
        .unique()
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();

      await withTimestamps(
        table('sessions')
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('expires_at', 'text', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await withTimestamps(
        table('products')
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('img', 'text', (c) => c.notNull())
          .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
          .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
          .addColumn('min_quantity', 'integer', (c) => c.notNull().check(sql`min_quantity > 0`))
          .addColumn('hidden_at', 'text'),
      ).execute();

      await withTimestamps(
        table('orders')
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
          .addColumn('customer_name', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('product_name', 'text', (c) => c.notNull())
          .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
          .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
          .addColumn('phone', 'text', (c) => c.notNull())
          .addColumn('address', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('transaction_id', 'text'),
      ).execute();
      await db.schema.createIndex('orders_user').on('orders').column('user_id').execute();
      await db.schema.createIndex('orders_product').on('orders').column('product_id').execute();

      await withTimestamps(
        table('reviews')
          .addColumn('user_id', 'integer', (c) => c.references('users.id'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
          .addColumn('comment', 'text', (c) => c.notNull()),
      ).execute();

      await withTimestamps(
        table('contact_messages')
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('message', 'text', (c) => c.notNull()),
      ).execute();
    },
  };
}
