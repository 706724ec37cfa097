import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@partsmith.example', password: 'partsmith-admin' };
export const CUSTOMER = { email: 'customer@partsmith.example', password: 'partsmith-customer' };

let counter = 0;
/** An e-mail no other test (or earlier run) has used. */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export async function apiLogin(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

export async function apiRegister(request: APIRequestContext, name: string, email: string, password = 'secret-pass-1') {
  const response = await request.post('/api/auth/register', { data: { name, email, password } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

/** Signs the browser in by storing a token, as the login page does. */
export async function signInWithToken(page: Page, token: string) {
  await page.goto('/blogs');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
}

export async function loginThroughForm(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('User logged in successfully')).toBeVisible();
}

/** axe-core on the current page: no serious or critical WCAG 2.1 A/AA violations (contrast included). */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    serious.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.map((node) => node.target.join(' ')) })),
  ).toEqual([]);
}

export async function saveScreenshot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage });
}

/** The run's SQLite file (playwright.config.ts puts its path in E2E_DB_FILE). */
export function withDatabase<T>(work: (db: Database.Database) => T): T {
  const file = process.env.E2E_DB_FILE;
  if (!file) throw new Error('E2E_DB_FILE is not set (see playwright.config.ts)');
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}

export interface ApiProduct {
  _id: string;
  name: string;
  min: number;
  stock: number;
  price: number;
}

export async function findProduct(request: APIRequestContext, name: string): Promise<ApiProduct> {
  const response = await request.get(`/api/products?q=${encodeURIComponent(name)}`);
  const list = (await response.json()) as ApiProduct[];
  const product = list.find((item) => item.name === name);
  if (!product) throw new Error(`No product named ${name}`);
  return product;
}
