/** Test servers, in process (Fastify's inject), on a real, fresh database each (see databases.ts). */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions, InjectOptions } from 'fastify';
import type { Order } from '../../shared/api.js';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Db } from '../db/connection.js';
import { databaseKind, freshDatabase } from './databases.js';
import type { ResponseCache } from '../http/response-cache.js';
import { listRecentMail } from '../mail/service.js';
import type { Mail, MailKind } from '../mail/templates.js';
import { setRole, findActiveUserByEmail } from '../users/service.js';

export { databaseKind };

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close: () => Promise<void>;
}

export async function startTestServer(
  env: Record<string, string> = {},
  logger: FastifyServerOptions['logger'] = false,
  cache?: ResponseCache,
): Promise<TestServer> {
  const database = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    LOGIN_RATE_LIMIT: '10000',
    VIN_RATE_LIMIT: '10000',
    // Tests place many orders per customer; the limit itself has its own test.
    MAX_UNPAID_ORDERS: '100000',
    // Tests post many reviews per account; the limit itself has its own test.
    REVIEW_RATE_LIMIT: '10000',
    // And hold and place more than a customer may: the hold and rate limits have their own tests.
    UNPAID_HOLD_MAX_VALUE: '1000000000',
    UNPAID_HOLD_MAX_SHARE: '100',
    ORDER_RATE_LIMIT: '100000',
    // Tests mail unconfirmed customers often; the cap has its own test.
    MAIL_UNCONFIRMED_PER_HOUR: '100000',
    WEB_DIST: '/nonexistent',
    // Tests change the database behind the server's back; the cache has its own test.
    PUBLIC_CACHE_MS: '0',
    ...env,
  });
  const { db } = database;
  const app = await buildApp({ db, config, ...(cache && { cache }) }, logger);
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * Another app server on a test server's database, as a shop behind a load balancer runs several: with
 * turns and caches of its own. The caller closes it; the database stays the test server's.
 */
export async function anotherAppServer(server: TestServer): Promise<FastifyInstance> {
  const app = await buildApp({ db: server.db, config: server.config });
  await app.ready();
  return app;
}

export interface Account {
  token: string;
  email: string;
  name: string;
  id: string;
}

let counter = 0;

/** Registers a fresh customer through the API. */
export async function registerCustomer(app: FastifyInstance, name = 'Test Customer'): Promise<Account> {
  counter += 1;
  const email = `customer${counter}.${randomBytes(3).toString('hex')}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name, email, password: 'secret-password' },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const { token, user } = response.json();
  return { token, email, name, id: user._id };
}

/** A customer promoted straight in the database: the admin every admin-only test starts from. */
export async function registerAdmin(server: TestServer, name = 'Test Admin'): Promise<Account> {
  const account = await registerCustomer(server.app, name);
  const user = await findActiveUserByEmail(server.db.kysely, account.email);
  await setRole(server.db.kysely, user!.id, 'admin');
  return account;
}

export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string; body?: unknown } = {},
) {
  return app.inject({
    method,
    url,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
  });
}

export const validProduct = {
  name: 'Test Bumper',
  description: 'A sturdy front bumper',
  price: 120.5,
  stock: 100,
  min: 10,
  img: '/images/products/tire.svg',
};

/** Creates a product as an admin and returns its id. */
export async function createProduct(
  app: FastifyInstance,
  admin: Account,
  overrides: Partial<typeof validProduct> & Record<string, unknown> = {},
): Promise<string> {
  const response = await call(app, 'POST', '/api/products', { token: admin.token, body: { ...validProduct, ...overrides } });
  if (response.statusCode !== 201) throw new Error(`create product failed: ${response.body}`);
  return response.json()._id;
}

/**
 * Where test orders go unless a test is about shipping or tax: a US state without sales tax, and the
 * demo's pickup at the factory is its cheapest method (free), so an order's total is its goods.
 */
export const TEST_ADDRESS = {
  name: 'Test Customer',
  line1: '1 Test Street',
  city: 'Portland',
  region: 'OR',
  postalCode: '97201',
  country: 'US',
} as const;

/** The one-line form of TEST_ADDRESS: an order's `address`. */
export const TEST_ADDRESS_LINE = '1 Test Street, Portland, OR 97201, US';

export const TEST_CARD = { number: '4242424242424242', expiry: '12 / 40', cvc: '123' };

/** Pays an order as a browser does: a fresh intent, the test card (or `card`), then the owner reports it; stops at the first answer that is not 200. */
export async function payWithTestCard(app: FastifyInstance, owner: Account, orderId: string, card = TEST_CARD) {
  const intent = await call(app, 'POST', '/api/create-payment-intent', { token: owner.token, body: { orderId } });
  if (intent.statusCode !== 200) return intent;
  const confirmed = await call(app, 'POST', '/api/payments/test/confirm', { body: { clientSecret: intent.json().clientSecret, card } });
  if (confirmed.statusCode !== 200) return confirmed;
  return call(app, 'PATCH', `/api/orders/${orderId}`, { token: owner.token, body: { transactionId: confirmed.json().paymentIntent.id } });
}

/** Places an order as `buyer` and pays it with the test card: the order as placed and the payment's intent id. */
export async function placePaidOrder(app: FastifyInstance, buyer: Account, order: unknown, card = TEST_CARD): Promise<{ id: string; intentId: string; placed: Order }> {
  const placed = await call(app, 'POST', '/api/orders', { token: buyer.token, body: order });
  if (placed.statusCode !== 201) throw new Error(`placing the order answered ${placed.statusCode}: ${placed.body}`);
  const id = placed.json()._id as string;
  const paid = await payWithTestCard(app, buyer, id, card);
  if (paid.statusCode !== 200) throw new Error(`paying order ${id} answered ${paid.statusCode}: ${paid.body}`);
  return { id, intentId: paid.json().transactionId, placed: placed.json() };
}

/** The newest e-mail of this kind the shop wrote to `to` (from the outbox), or undefined. */
export async function lastMailTo(server: TestServer, to: string, kind: MailKind): Promise<Mail | undefined> {
  return (await listRecentMail(server.db.kysely, 1000)).map((message) => message.mail).find((mail) => mail.to === to && mail.kind === kind);
}

/** Follows the confirmation link the shop mailed at registration. */
export async function verifyEmailOf(server: TestServer, account: Account): Promise<void> {
  const mail = await lastMailTo(server, account.email, 'verify-email');
  if (mail?.kind !== 'verify-email') throw new Error(`no confirmation e-mail for ${account.email}`);
  const response = await call(server.app, 'POST', '/api/auth/verify-email', { body: { token: mail.data.token } });
  if (response.statusCode !== 204) throw new Error(`verify-email failed: ${response.body}`);
}
