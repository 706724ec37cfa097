import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';

/** Each buyer's address book; at most one default address per buyer (the index refuses a second). */
export function addresses(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('addresses')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('line1', 'text', (c) => c.notNull())
        .addColumn('line2', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('region', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('postal_code', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('addresses_by_user').on('addresses').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('addresses_one_default').unique().on('addresses').column('user_id').where(sql<boolean>`is_default = 1`).execute();
    },
  };
}
