import type { FastifyBaseLogger } from 'fastify';
import { dollarsToCents } from '../../../shared/money.js';
import { hashPassword } from '../../auth/passwords.js';
import type { Config } from '../../config.js';
import { createUser, findActiveUserByEmail, setRole } from '../../users/service.js';
import type { Db } from '../connection.js';
import { timestamps } from '../schema.js';
import { demoAccounts, demoProducts, demoReviews } from './demo-data.js';

/** Creates the configured admin, or promotes the account that already has that e-mail. */
export async function ensureAdmin(db: Db, admin: { email: string; password: string }, log: FastifyBaseLogger) {
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
export async function seedDemoCatalog(db: Db, log: FastifyBaseLogger) {
  const anyProduct = await db.kysely.selectFrom('products').select('id').limit(1).executeTakeFirst();
  if (anyProduct) return;

  // Lists are newest first and the manufacturer's original six should lead them: insert those last.
  const rows = [...demoProducts].reverse().map((p) => ({
    name: p.name,
    description: p.description,
    img: p.img,
    price_cents: dollarsToCents(p.price),
    stock: p.stock,
    min_quantity: p.min,
    hidden_at: null,
    ...timestamps(),
  }));
  await db.kysely.insertInto('products').values(rows).execute();
  await db.kysely
    .insertInto('reviews')
    .values(demoReviews.map((r) => ({ ...r, user_id: null, ...timestamps() })))
    .execute();
  log.info(`demo catalog created: ${rows.length} products, ${demoReviews.length} reviews`);
}

/** The demo admin and customer, never in production; their sign-in is printed at every start. */
export async function ensureDemoAccounts(db: Db, config: Config, log: FastifyBaseLogger) {
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
