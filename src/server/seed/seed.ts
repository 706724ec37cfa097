/** Start-up data: the configured admin and the demo shop. Above the domains: it uses their services. */
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { revokeAllSessions } from '../auth/sessions.js';
import { type FitmentKind, importFitmentRecords } from '../catalog/fitment-transfer.js';
import { createProducts, hasAnyProduct } from '../catalog/service.js';
import type { Config } from '../config.js';
import { type Executor, inTransaction } from '../db/schema.js';
import { createVehicles, hasAnyVehicle } from '../fitment/service.js';
import { importReviews } from '../reviews/service.js';
import { createUser, findActiveUserByEmail, markEmailVerified, setPassword, setRole } from '../users/service.js';
import { demoAccounts, demoProducts, demoReviews } from './demo-data.js';
import { demoFitment } from './demo-fitment.js';
import { demoVehicles } from './demo-vehicles.js';

/**
 * The operator's admin: ADMIN_EMAIL signs in with ADMIN_PASSWORD, whoever registered that address
 * before. An existing account is promoted only together with taking the operator's password, and every
 * session it had ends: someone who registered the address first keeps nothing.
 */
export async function ensureAdmin(db: Executor, admin: { email: string; password: string }, log: FastifyBaseLogger) {
  const passwordHash = await hashPassword(admin.password);
  await inTransaction(db, async (trx) => {
    const existing = await findActiveUserByEmail(trx, admin.email);
    if (!existing) {
      await createUser(trx, { name: 'Admin', email: admin.email, passwordHash, role: 'admin', emailVerified: true });
      log.info({ email: admin.email }, 'admin account created');
      return;
    }
    const alreadyTheOperators = existing.role === 'admin' && existing.password_hash !== null && (await verifyPassword(admin.password, existing.password_hash));
    if (alreadyTheOperators) {
      log.info({ email: admin.email }, 'admin account ready');
      return;
    }
    await setPassword(trx, existing.id, passwordHash);
    await setRole(trx, existing.id, 'admin');
    await markEmailVerified(trx, existing.id);
    await revokeAllSessions(trx, existing.id);
    log.warn({ email: admin.email }, 'ADMIN_EMAIL belonged to an existing account: it is now admin with ADMIN_PASSWORD, and its other sessions are signed out');
  });
}

/** An empty vehicle base gets the demo vehicles; answers how many. */
export async function seedDemoVehicles(db: Executor): Promise<number> {
  if (await hasAnyVehicle(db)) return 0;
  return (await createVehicles(db, demoVehicles)).length;
}

/** An empty vehicle base gets the demo vehicles, whatever the catalog holds; an empty catalog the demo products and reviews. */
export async function seedDemoCatalog(db: Executor, log: FastifyBaseLogger) {
  const vehicles = await seedDemoVehicles(db);
  if (vehicles > 0) log.info(`demo vehicle base created: ${vehicles} vehicles`);
  if (await hasAnyProduct(db)) return;
  // Lists are newest first and the manufacturer's original six should lead them: insert those last.
  const products = await createProducts(db, [...demoProducts].reverse());
  await importReviews(db, demoReviews);
  log.info(`demo catalog created: ${products.length} products, ${demoReviews.length} reviews`);
  await seedDemoFitment(db, log);
}

/**
 * The demo parts' applications and cross-reference numbers, checked as an admin's file would be: after
 * the demo parts and the vehicle base. A base that lacks the demo's models gets a warning and no fitment.
 */
export async function seedDemoFitment(db: Executor, log: FastifyBaseLogger) {
  const records: Record<FitmentKind, Record<string, string>[]> = {
    applications: Object.entries(demoFitment).flatMap(([sku, { applications }]) =>
      applications.map(({ years: [from, to], make, model, submodel = '', engine = '', qualifier = '', position = '' }) => ({
        sku, year_from: String(from), year_to: String(to), make, model, submodel, engine, qualifier, position,
      })),
    ),
    numbers: Object.entries(demoFitment).flatMap(([sku, { numbers }]) => numbers.map(({ type, brand, number }) => ({ sku, type, brand, number }))),
  };
  for (const kind of ['applications', 'numbers'] as const) {
    const { errors } = await importFitmentRecords(db, kind, records[kind], { dryRun: true });
    if (errors.length > 0) {
      log.warn({ errors: errors.slice(0, 5) }, `demo ${kind} do not fit this shop's vehicle base: none added`);
      return;
    }
  }
  for (const kind of ['applications', 'numbers'] as const) await importFitmentRecords(db, kind, records[kind], { dryRun: false });
  log.info(`demo fitment created: ${records.applications.length} applications, ${records.numbers.length} cross-reference numbers`);
}

/** The demo admin and customer, never in production; their sign-in is printed at every start. */
export async function ensureDemoAccounts(db: Executor, config: Config, log: FastifyBaseLogger) {
  if (config.env === 'production') return;
  for (const [role, account] of Object.entries(demoAccounts)) {
    if (!(await findActiveUserByEmail(db, account.email))) {
      const user = await createUser(db, {
        name: account.name,
        email: account.email,
        passwordHash: await hashPassword(account.password),
        emailVerified: true,
      });
      if (role === 'admin') await setRole(db, user.id, 'admin');
    }
    log.info(`demo ${role} account: ${account.email} / password ${account.password}`);
  }
}
