/**
 * Test servers on a real, fresh database each: an SQLite file in a temp folder, or, when
 * TEST_POSTGRES_URL points at a PostgreSQL server (npm test starts a throwaway one), a new database
 * created there for this test file.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { connect, type Db } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { setRole, findActiveUserByEmail } from '../users/service.js';

export const databaseKind = process.env.TEST_POSTGRES_URL ? 'postgres' : 'sqlite';

async function freshDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'partsmith-test-'));
    return { url: join(dir, 'shop.db'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close: () => Promise<void>;
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const database = await freshDatabaseUrl();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    LOGIN_RATE_LIMIT: '10000',
    WEB_DIST: '/nonexistent',
    // Tests change the database behind the server's back; the cache has its own test.
    PUBLIC_CACHE_MS: '0',
    ...env,
  });
  const db = connect(config.database);
  await migrateToLatest(db);
  const app = await buildApp({ db, config });
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await db.kysely.destroy();
      await database.drop();
    },
  };
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
export async function registerAdmin(server: TestServer): Promise<Account> {
  const account = await registerCustomer(server.app, 'Test Admin');
  const user = await findActiveUserByEmail(server.db, account.email);
  await setRole(server.db, user!.id, 'admin');
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
  overrides: Partial<typeof validProduct> = {},
): Promise<string> {
  const response = await call(app, 'POST', '/api/products', { token: admin.token, body: { ...validProduct, ...overrides } });
  if (response.statusCode !== 201) throw new Error(`create product failed: ${response.body}`);
  return response.json()._id;
}
