import { sql } from 'kysely';
import type { Db } from './connection.js';

const STARTUP_LOCK = 72_616_173; // any constant shared by every Partsmith server

/**
 * Start-up work that checks and then writes (seeding, the configured admin) runs one server at a time
 * when several start together on one PostgreSQL: a session advisory lock, held on one connection while
 * the work runs. SQLite serves one process, so there is nothing to wait for.
 */
export async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return work();
  return db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(connection);
    }
  });
}
