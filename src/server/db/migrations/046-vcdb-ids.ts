import type { Kysely, Migration } from 'kysely';

/**
 * The trade's ids of each vehicle (the Auto Care Association's VCdb: base vehicle, make, model, submodel,
 * engine base; null when not known), so that ACES files, which name vehicles by these ids, find ours.
 * Applications get the ACES quantity and PCdb part type an App carries, so an export says what the import read.
 */
export function vcdbIds(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['base_vehicle_id', 'make_id', 'model_id', 'sub_model_id', 'engine_base_id']) {
        await db.schema.alterTable('vehicles').addColumn(column, 'integer').execute();
      }
      await db.schema.createIndex('vehicles_base_vehicle_id').on('vehicles').column('base_vehicle_id').execute();
      await db.schema.alterTable('applications').addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable('applications').addColumn('part_type_id', 'integer').execute();
    },
  };
}
