import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { dropSqliteSearch, postgresSearch, sqliteSearch } from './009-catalog.js';

/**
 * What fits which car. The vehicle base and the buyers' garages (fitment); a part's applications (year
 * range, make, model, optional submodel and engine, qualifier, position) and its cross-reference numbers
 * (catalog). The search index reads the cross-reference numbers too, so an OE number finds our part.
 */
export function fitment(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      const table = (name: string) =>
        db.schema.createTable(name).addColumn('id', idType, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()));

      await table('vehicles')
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('make', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('submodel', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('engine', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('vehicles_identity').unique().on('vehicles').columns(['year', 'make', 'model', 'submodel', 'engine']).execute();
      await db.schema.createIndex('vehicles_make_model').on('vehicles').columns(['make', 'model', 'year']).execute();

      await db.schema
        .createTable('garage_vehicles')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('garage_vehicles_pk', ['user_id', 'vehicle_id'])
        .execute();

      await table('applications')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('year_from', 'integer', (c) => c.notNull())
        .addColumn('year_to', 'integer', (c) => c.notNull())
        .addColumn('make', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('submodel', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('engine', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('qualifier', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('position', 'text', (c) => c.notNull().defaultTo(''))
        .addCheckConstraint('applications_years', sql`year_from <= year_to`)
        .execute();
      // "What fits this car": by make and model, then the years; "what does this part fit": by part. On
      // SQLite the index also covers submodel and engine, so a model with many applications is read
      // from the index alone; PostgreSQL's planner does no better with them.
      const vehicleColumns = ['make', 'model', 'year_from', 'year_to', ...(dialect === 'sqlite' ? ['submodel', 'engine'] : []), 'product_id'];
      await db.schema.createIndex('applications_vehicle').on('applications').columns(vehicleColumns).execute();
      await db.schema.createIndex('applications_product').on('applications').column('product_id').execute();

      await table('product_numbers')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('brand', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('number_key', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('product_numbers_key').on('product_numbers').columns(['number_key', 'type']).execute();
      await db.schema.createIndex('product_numbers_product').on('product_numbers').columns(['product_id', 'type', 'number_key']).unique().execute();

      await db.schema.alterTable('products').addColumn('cross_numbers', 'text', (c) => c.notNull().defaultTo('')).execute();
      if (dialect === 'postgres') {
        await sql`ALTER TABLE products DROP COLUMN search_vector`.execute(db);
        await postgresSearch(db, 'cross_numbers');
      } else {
        await dropSqliteSearch(db);
        await sqliteSearch(db, 'cross_numbers');
      }
    },
  };
}
