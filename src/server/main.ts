/** Production entry point: config, migrations, seed, listen, graceful shutdown. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { serverLogging } from './http/request-log.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { connect } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { assertSupportedNode } from './runtime.js';
import { withStartupLock } from './db/startup-lock.js';
import { ensureAdmin, ensureDemoAccounts, seedDemoCatalog } from './seed/seed.js';
import { ResponseCache } from './http/response-cache.js';
import { startJobs } from './jobs.js';
import { logTransport, smtpTransport } from './mail/sender.js';

async function main() {
  try {
    assertSupportedNode();
  } catch (error) {
    throw new UnsupportedNodeError((error as Error).message);
  }
  const config = loadConfig();
  const db = connect(config.database);
  await migrateToLatest(db);
  const cache = new ResponseCache(config.publicCacheMs);
  const logging = serverLogging(config.logLevel);
  const app = await buildApp({ db, config, cache }, logging.options);

  await withStartupLock(db, async () => {
    if (config.admin) await ensureAdmin(db.kysely, config.admin, app.log);
    if (config.seedDemo) {
      await seedDemoCatalog(db.kysely, app.log);
      await ensureDemoAccounts(db.kysely, config, app.log);
    }
  });

  const transport = config.smtp
    ? await smtpTransport(config.smtp.url, config.smtp.from)
    : logTransport(app.log, logging.caughtUp, { withText: config.env !== 'production' });
  const stopJobs = startJobs(db.kysely, config, transport, cache, app.log);
  stopOnSignals(app, async () => {
    stopJobs();
    await db.kysely.destroy();
  });
  const address = await app.listen({ port: config.port, host: config.host });
  logWhatIsOff(app, config);
  // The last start-up line: `npm start` in a terminal prints its summary when it sees `open`.
  app.log.info({ open: { url: address, database: config.database.kind } }, `Partsmith is open at ${address} (${config.database.kind} database)`);
}

/**
 * What this install runs without, each with `off: { feature, now, turnOn }`, so `npm start` can list them
 * (scripts/start.mjs); the message says the same for a log reader.
 */
function logWhatIsOff(app: FastifyInstance, config: Config) {
  const off = (feature: string, now: string, turnOn: string, message: string) => app.log.info({ off: { feature, now, turnOn } }, message);
  if (config.payments.kind === 'test') {
    off('Card payments', 'the test card processor (4242 4242 4242 4242, nothing is charged)', 'set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
      'Card payments run on the test card processor: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take real payments');
  }
  if (!config.smtp) {
    off('E-mail', `kept in the outbox${config.env === 'production' ? '' : ' (admins: Dashboard → Mail preview)'}`, 'set SMTP_URL and MAIL_FROM',
      'E-mail is off: messages are written to the log and kept in the outbox (set SMTP_URL and MAIL_FROM to send them)');
  }
  if (config.google) {
    app.log.info(`Google sign-in is on (provider ${config.google.issuer}, redirect URI ${config.google.redirectUri})`);
  } else {
    off('Google sign-in', 'no "Continue with Google" button', 'set GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and PUBLIC_URL (redirect URI PUBLIC_URL/api/auth/google/callback)',
      'Google sign-in is off: set GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and PUBLIC_URL to turn it on (redirect URI PUBLIC_URL/api/auth/google/callback)');
  }
}

/**
 * SIGTERM/SIGINT: stop taking new connections, answer every request already received, then close the
 * database and exit 0 (exit 1 if that takes over 10 s).
 *
 * Not simply `app.close()`, which did two things wrong: Node's http `server.close()` destroys every
 * connection with no request parsed yet, and closing the listener resets the connections still waiting
 * in the kernel's accept queue: requests that had already arrived (a burst, a proxy's fresh connections)
 * got a reset. And an answer sent with keep-alive left its connection open, so the close waited for the
 * client's keep-alive to time out, past the 10 s limit: exit 1 with every keep-alive client. So: keep
 * accepting until the queue is empty (no request in flight and no new connection for 100 ms, 5 s at most), answering with
 * `Connection: close`; then close the listener only, wait until no request has been in flight for a
 * moment, and close the app (the connections left are idle) and the database.
 */
function stopOnSignals(app: FastifyInstance, closeDatabase: () => Promise<void>) {
  let stopping = false;
  const inFlight = new Set<ServerResponse>();
  let lastActivity = 0;
  let lastConnection = 0;
  app.server.on('connection', () => {
    lastConnection = Date.now();
  });
  // Before Fastify's own listener: a request is counted before anything answers it.
  app.server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    inFlight.add(response);
    lastActivity = Date.now();
    if (stopping && !response.headersSent) response.setHeader('connection', 'close');
    response.once('close', () => {
      inFlight.delete(response);
      lastActivity = Date.now();
    });
  });

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, inFlight: inFlight.size }, 'shutting down: finishing the requests in flight');
    const forceExit = setTimeout(() => {
      app.log.error({ inFlight: inFlight.size }, 'shutdown took over 10 s: exiting with requests unfinished');
      process.exit(1);
    }, 10_000).unref();
    for (const response of inFlight) if (!response.headersSent) response.setHeader('connection', 'close');
    // A busy process accepts queued connections only between requests: keep accepting for at least 100 ms
    // after the signal (the queue may not have been looked at since) and while requests are in flight, or
    // a loaded server would close its listener on connections still in the queue.
    lastConnection = Date.now();
    const acceptUntil = Date.now() + 5000;
    while ((Date.now() - lastConnection < 100 || inFlight.size > 0) && Date.now() < acceptUntil) await sleep(20);
    // The listening socket only; the http server's own close() would drop unread requests (see above).
    Server.prototype.close.call(app.server);
    while (inFlight.size > 0 || Date.now() - lastActivity < 250) await sleep(25);
    await app.close(); // closes the connections left idle, runs the onClose hooks
    await closeDatabase();
    clearTimeout(forceExit);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

class UnsupportedNodeError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof UnsupportedNodeError) console.error(error.message);
  else console.error('Partsmith failed to start:', error);
  process.exit(1);
});
