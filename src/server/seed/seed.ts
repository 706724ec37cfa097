/** Start-up data: the configured admin and the demo shop. Above the domains: it uses their services. */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { revokeAllSessions } from '../auth/sessions.js';
import { checkFitmentRecords, type FitmentKind } from '../catalog/fitment-transfer.js';
import { createProducts, hasAnyProduct } from '../catalog/service.js';
import { type Config, isLoopbackHost } from '../config.js';
import { type Executor, inTransaction, type ProductRow } from '../db/schema.js';
import { createVehicles, hasAnyVehicle } from '../fitment/service.js';
import { applyForCompany, decideCompany } from '../companies/service.js';
import { assignOrdersToCompany, type ChangedBy, insertPastOrders, type NewOrderLine, type PastOrder } from '../orders/service.js';
import { savePriceList } from '../price-lists/service.js';
import { recordPastPayment } from '../payments/service.js';
import { importReviews } from '../reviews/service.js';
import { createUser, findActiveUserByEmail, markEmailVerified, markRemoved, setPassword, setRole } from '../users/service.js';
import { demoAccounts, demoPriceList, demoProducts, demoReviews, demoTradeCompany } from './demo-data.js';
import { demoFitment } from './demo-fitment.js';
import { demoCustomers, type DemoOrderLine, type DemoOrderPlan, planDemoOrders } from './demo-orders.js';
import { demoVehicles } from './demo-vehicles.js';
import { replaceShippingConfig, replaceTaxRates, shippingConfig, taxRates } from '../shipping-tax/service.js';
import { demoShipping, demoTax } from './demo-shipping-tax.js';

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

/** A shop with no shipping zones and no tax rates gets the demo's; answers whether it did. */
export async function seedDemoShippingAndTax(db: Executor): Promise<boolean> {
  if ((await shippingConfig(db)).zones.length > 0 || (await taxRates(db)).length > 0) return false;
  await replaceShippingConfig(db, demoShipping);
  await replaceTaxRates(db, demoTax);
  return true;
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
  if (await seedDemoShippingAndTax(db)) log.info('demo shipping zones and tax rates created');
  if (await hasAnyProduct(db)) return;
  // Lists are newest first and the manufacturer's original six should lead them: insert those last.
  const products = await inTransaction(db, (trx) => createProducts(trx, [...demoProducts].reverse(), { reason: 'edit', by: null }));
  await importReviews(db, demoReviews);
  log.info(`demo catalog created: ${products.length} products, ${demoReviews.length} reviews`);
  await seedDemoFitment(db, log);
  await seedDemoOrders(db, products, log);
}

/**
 * The demo's months of sales for the demo parts just created (so the shop has no orders yet): trade
 * customers who cannot sign in (no password) and their orders, paid ones with their payments.
 */
export async function seedDemoOrders(db: Executor, products: readonly ProductRow[], log: FastifyBaseLogger, now = new Date()) {
  const plans = planDemoOrders(now);
  await inTransaction(db, async (trx) => {
    const customers: { id: number; name: string; email: string }[] = [];
    for (const customer of demoCustomers) {
      customers.push((await findActiveUserByEmail(trx, customer.email)) ?? (await createUser(trx, { name: customer.name, email: customer.email, passwordHash: null, emailVerified: true })));
    }
    const bySku = new Map(products.map((product) => [product.sku, product]));
    const orders = await insertPastOrders(trx, plans.map((plan) => pastOrderOf(plan, customers[plan.customer]!, bySku)));
    for (const [i, order] of orders.entries()) {
      const { transactionId, outcome } = plans[i]!;
      if (transactionId && 'paidAt' in outcome) await recordPastPayment(trx, { orderId: order.id, intentId: transactionId, amountCents: order.total_cents, at: outcome.paidAt });
    }
    await seedDemoTradeAccount(trx, customers, bySku);
  });
  log.info(`demo orders created: ${plans.length} orders of ${demoCustomers.length} customers, and the trade account of ${demoTradeCompany.application.name}`);
}

/**
 * The demo's trade account: one of the demo trade customers is the admin of an approved company that buys
 * at the demo price list, and its past orders are the company's (the sales overview's top companies).
 */
async function seedDemoTradeAccount(trx: Executor, customers: readonly { id: number }[], bySku: ReadonlyMap<string, ProductRow>): Promise<void> {
  const { prices, ...list } = demoPriceList;
  await savePriceList(trx, list.id, { ...list, prices: prices.map(({ sku, ...price }) => ({ ...price, productId: bySku.get(sku)!.id })) });
  const admin = customers[demoTradeCompany.customer]!;
  const company = await applyForCompany(trx, admin.id, demoTradeCompany.application);
  await decideCompany(trx, company.id, { status: 'approved', priceListId: list.id, declineReason: undefined }, null);
  await assignOrdersToCompany(trx, admin.id, company.id);
}

function pastOrderOf(plan: DemoOrderPlan, user: { id: number; name: string; email: string }, bySku: ReadonlyMap<string, ProductRow>): PastOrder {
  const customer = demoCustomers[plan.customer]!;
  const buyer: ChangedBy = { actor: 'customer', user };
  const toLine = (line: DemoOrderLine): NewOrderLine => ({
    product_id: bySku.get(line.sku)!.id,
    product_name: line.name,
    product_sku: line.sku,
    quantity: line.quantity,
    unit_price_cents: line.unitPriceCents,
    list_price_cents: line.listPriceCents,
  });
  const [first, ...rest] = plan.lines;
  const { outcome } = plan;
  const moves: PastOrder['moves'] = 'paidAt' in outcome
    ? [
        { to: 'pending', at: outcome.paidAt, by: { actor: 'payment', user: null }, transactionId: plan.transactionId! },
        ...(outcome.status === 'shipped' ? [{ to: 'shipped' as const, at: outcome.shippedAt, by: { actor: 'admin' as const, user: null } }] : []),
      ]
    : [{ to: outcome.status, at: outcome.closedAt, by: outcome.status === 'cancelled' ? buyer : { actor: 'system', user: null } }];
  return {
    order: { user_id: user.id, customer_name: customer.name, email: customer.email, phone: customer.phone, address: customer.address, po_number: plan.poNumber },
    lines: [toLine(first), ...rest.map(toLine)],
    placedAt: plan.placedAt,
    placedBy: buyer,
    moves,
  };
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
  const checked = [];
  for (const kind of ['applications', 'numbers'] as const) {
    const check = await checkFitmentRecords(db, kind, records[kind]);
    if (check.report.errors.length > 0) {
      log.warn({ errors: check.report.errors.slice(0, 5) }, `demo ${kind} do not fit this shop's vehicle base: none added`);
      return;
    }
    checked.push(check);
  }
  for (const check of checked) await check.write(db);
  log.info(`demo fitment created: ${records.applications.length} applications, ${records.numbers.length} cross-reference numbers`);
}

/**
 * Demo accounts belong to a trial on one's own machine only: never in production, never when the
 * operator configured an admin (ADMIN_EMAIL), never on a server others can reach (HOST not loopback).
 */
export function demoAccountsAllowed(config: Config): boolean {
  return config.env !== 'production' && !config.admin && isLoopbackHost(config.host);
}

/**
 * The demo admin and customer, where allowed (demoAccountsAllowed). They get one password, DEMO_PASSWORD
 * or else a random one made here, printed once when they are created and stored nowhere but as its hash.
 * Once an operator's admin is configured, demo accounts left from a trial are removed (with their sessions).
 */
export async function ensureDemoAccounts(db: Executor, config: Config, log: FastifyBaseLogger) {
  if (!demoAccountsAllowed(config)) {
    if (config.admin) await removeDemoAccounts(db, log);
    return;
  }
  const password = config.demoPassword ?? randomBytes(12).toString('base64url');
  let passwordHash: string | undefined;
  for (const [role, account] of Object.entries(demoAccounts)) {
    if (await findActiveUserByEmail(db, account.email)) {
      log.info({ demoAccount: { role, email: account.email, password: null } }, `demo ${role} account: ${account.email} (its password was printed when it was created)`);
      continue;
    }
    passwordHash ??= await hashPassword(password);
    const user = await createUser(db, { name: account.name, email: account.email, passwordHash, emailVerified: true });
    if (role === 'admin') await setRole(db, user.id, 'admin');
    log.info({ demoAccount: { role, email: account.email, password } }, `demo ${role} account: ${account.email} / password ${password}`);
  }
}

async function removeDemoAccounts(db: Executor, log: FastifyBaseLogger) {
  await inTransaction(db, async (trx) => {
    for (const account of Object.values(demoAccounts)) {
      const user = await findActiveUserByEmail(trx, account.email);
      if (!user) continue;
      await revokeAllSessions(trx, user.id);
      await markRemoved(trx, user.id);
      log.warn({ email: account.email }, 'demo account removed: ADMIN_EMAIL is set');
    }
  });
}
