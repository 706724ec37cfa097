import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Google (OpenID Connect) sign-in: the per-login state of a started sign-in (≈10 min) and the one-time
 * codes the browser trades for a session token (60 s). Both are keyed by a SHA-256 hash, never the value
 * itself, and deleted when used. Same tables on SQLite and PostgreSQL.
 */
export function googleSignIn(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('google_sign_in_states')
        .addColumn('state_hash', 'text', (c) => c.primaryKey())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('return_to', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('google_sign_in_states_expiry').on('google_sign_in_states').column('expires_at').execute();

      await db.schema
        .createTable('google_sign_in_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('return_to', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('google_sign_in_codes_expiry').on('google_sign_in_codes').column('expires_at').execute();
    },
  };
}
