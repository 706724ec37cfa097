/** Start-up data: the configured admin and the demo shop. Above the domains: it uses their services. */
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../auth/passwords.js';
import { createProducts, hasAnyProduct } from '../catalog/service.js';
import type { Config } from '../config.js';
import type { Executor } from '../db/schema.js';
import { importReviews } from '../reviews/service.js';
import { createUser, findActiveUserByEmail, setRole } from '../users/service.js';
import { demoAccounts, demoProducts, demoReviews } from './demo-data.js';

/** Creates the configured admin, or promotes the account that already has that e-mail. */
export async function ensureAdmin(db: Executor, admin: { email: string; password: string }, log: FastifyBaseLogger) {
  const existing = await findActiveUserByEmail(db, admin.email);
  if (existing) {
    if (existing.role !== 'admin') await setRole(db, existing.id, 'admin');
    log.info({ email: admin.email }, 'admin account ready (existing account promoted if needed)');
    return;
  }
  await createUser(db, { name: 'Admin', email: admin.email, passwordHash: await hashPassword(admin.password), role: 'admin' });
  log.info({ email: admin.email }, 'admin account created');
}

/** An empty catalog gets the demo products and reviews. */
export async function seedDemoCatalog(db: Executor, log: FastifyBaseLogger) {
  if (await hasAnyProduct(db)) return;
  // Lists are newest first and the manufacturer's original six should lead them: insert those last.
  const products = await createProducts(db, [...demoProducts].reverse());
  await importReviews(db, demoReviews);
  log.info(`demo catalog created: ${products.length} products, ${demoReviews.length} reviews`);
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
      });
      if (role === 'admin') await setRole(db, user.id, 'admin');
    }
    log.info(`demo ${role} account: ${account.email} / password ${account.password}`);
  }
}
