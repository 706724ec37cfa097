import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './connection.js';
import { initial } from './migrations/001-initial.js';

/** Migrations are listed in code (not read from disk) so the compiled and the tsx-run server agree. */
function migrations(db: Db): Record<string, Migration> {
  return {
    '001-initial': initial(db.dialect),
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(db) };
  const { error, results } = await new Migrator({ db: db.kysely, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
