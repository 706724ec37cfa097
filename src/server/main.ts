/** Production entry point: config, migrations, seed, listen, graceful shutdown. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { connect } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { ensureAdmin, ensureDemoAccounts, seedDemoCatalog } from './db/seed/seed.js';
import { scheduleExpiry } from './orders/expiry.js';

async function main() {
  const config = loadConfig();
  const db = connect(config.database);
  await migrateToLatest(db);
  const app = await buildApp({ db, config }, { level: config.logLevel });

  if (config.admin) await ensureAdmin(db, config.admin, app.log);
  if (config.seedDemo) {
    await seedDemoCatalog(db, app.log);
    await ensureDemoAccounts(db, config, app.log);
  }

  const stopExpiry = scheduleExpiry(db, config.unpaidOrderTtlMs, config.expiryCheckEveryMs, app.log);
  stopOnSignals(app, async () => {
    stopExpiry();
    await db.kysely.destroy();
  });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Partsmith is open at http://${config.host}:${config.port} (${config.database.kind} database)`);
  if (config.google) {
    app.log.info(`Google sign-in is on (provider ${config.google.issuer}, redirect URI ${config.google.redirectUri})`);
  } else {
    app.log.info(
      'Google sign-in is off: set GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and PUBLIC_URL to turn it on (redirect URI PUBLIC_URL/api/auth/google/callback)',
    );
  }
}

/** SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close the database. */
function stopOnSignals(app: FastifyInstance, closeDatabase: () => Promise<void>) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await closeDatabase();
    clearTimeout(forceExit);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Partsmith failed to start:', error);
  process.exit(1);
});
