import type { Kysely, Migration } from 'kysely';

/**
 * A signed-in buyer's cart, kept by the shop so it follows the buyer from device to device. `carts` says when
 * it last changed (an emptied cart too); `cart_lines` holds its parts in the order they were put in.
 */
export function carts(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('carts')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('cart_lines')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('carts.user_id'))
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('cart_lines_pk', ['user_id', 'product_id'])
        .execute();
    },
  };
}
