import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/** Saved parts lists (issue 65): a buyer's named lists of parts with quantities, private to them. */
export function partsLists(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('parts_lists')
        .addColumn('id', dialect === 'sqlite' ? 'integer' : 'serial', (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('parts_lists_owner').on('parts_lists').columns(['user_id', 'id']).execute();
      await db.schema
        .createTable('parts_list_lines')
        .addColumn('list_id', 'integer', (c) => c.notNull().references('parts_lists.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('parts_list_lines_pk', ['list_id', 'product_id'])
        .execute();
    },
  };
}
