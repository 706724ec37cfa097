import { type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Trade accounts (issue 63): companies a buyer applies for and staff approve, their members (a person
 * belongs to at most one company: `user_id` is the key) with a role and an optional per-order spending
 * limit, invitations by e-mail (the token kept only as its hash), staff price lists (a discount off the
 * list price and/or fixed prices per part with their own tiers, valid between two calendar days), the
 * company an order was placed for (and who approved or declined it), and the company's shared address book.
 */
export function tradeAccounts(dialect: Dialect): Migration {
  const withId = <T extends string>(table: CreateTableBuilder<T>) =>
    dialect === 'sqlite' ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()) : table.addColumn('id', 'serial', (c) => c.primaryKey());
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('price_lists')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        // Hundredths of a percent off the part's list price (1250: 12.5 % off); 0 when the list has only fixed prices.
        .addColumn('discount_basis_points', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('valid_from', 'text')
        .addColumn('valid_to', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('price_list_prices')
        .addColumn('price_list_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('min_quantity', 'integer', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('price_list_prices_pk', ['price_list_id', 'product_id', 'min_quantity'])
        .execute();

      await withId(db.schema.createTable('companies'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('vat_id', 'text')
        .addColumn('tax_certificate', 'text')
        .addColumn('phone', 'text', (c) => c.notNull())
        // JSON of the shared ShippingAddress the applicant gave.
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('decline_reason', 'text')
        .addColumn('price_list_id', 'text')
        .addColumn('applicant_user_id', 'integer', (c) => c.notNull())
        .addColumn('decided_at', 'text')
        .addColumn('decided_by_user_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('companies_by_status').on('companies').columns(['status', 'id']).execute();

      await db.schema
        .createTable('company_members')
        .addColumn('user_id', 'integer', (c) => c.primaryKey())
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('spending_limit_cents', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('company_members_by_company').on('company_members').columns(['company_id', 'user_id']).execute();

      await withId(db.schema.createTable('company_invitations'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('spending_limit_cents', 'integer')
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('invited_by_user_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('company_invitations_by_company').on('company_invitations').columns(['company_id', 'id']).execute();

      await db.schema.alterTable('orders').addColumn('company_id', 'integer').execute();
      await db.schema.alterTable('orders').addColumn('decline_reason', 'text').execute();
      await db.schema.alterTable('orders').addColumn('approved_by_user_id', 'integer').execute();
      await db.schema.alterTable('orders').addColumn('approved_at', 'text').execute();
      await db.schema.createIndex('orders_by_company').on('orders').columns(['company_id', 'id']).execute();

      await db.schema.alterTable('addresses').addColumn('company_id', 'integer').execute();
      await db.schema.createIndex('addresses_by_company').on('addresses').columns(['company_id', 'id']).execute();
    },
  };
}
