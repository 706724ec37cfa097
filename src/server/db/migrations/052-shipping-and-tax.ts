import type { Kysely, Migration } from 'kysely';

/**
 * The shop's shipping zones, their methods and weight bands, its tax rates, and the buyers an admin has
 * recorded as tax-exempt. The tables are replaced whole by an admin's save; `position` keeps their order.
 */
export function shippingAndTax(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('shipping_zones')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        // JSON arrays of ISO codes and postal-code patterns (a zone is read whole, never searched by them).
        .addColumn('countries', 'text', (c) => c.notNull())
        .addColumn('regions', 'text')
        .addColumn('postal_codes', 'text')
        .execute();
      await db.schema
        .createTable('shipping_methods')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('zone_id', 'text', (c) => c.notNull().references('shipping_zones.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'integer')
        .addColumn('free_over_cents', 'integer')
        .addColumn('max_grams', 'integer')
        .addColumn('min_days', 'integer', (c) => c.notNull())
        .addColumn('max_days', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('shipping_bands')
        .addColumn('method_id', 'text', (c) => c.notNull().references('shipping_methods.id'))
        .addColumn('up_to_grams', 'integer', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('shipping_bands_pk', ['method_id', 'up_to_grams'])
        .execute();
      await db.schema
        .createTable('tax_rates')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('region', 'text')
        .addColumn('tax_class', 'text', (c) => c.notNull())
        // Thousandths of a percent: 6.25 % is 6250.
        .addColumn('rate_milli', 'integer', (c) => c.notNull())
        .addColumn('shipping', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('tax_exemptions')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        .addColumn('certificate', 'text', (c) => c.notNull())
        .addColumn('expires_on', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
