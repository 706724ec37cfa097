import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  authResponseSchema,
  confirmedPaymentSchema,
  orderSchema,
  paymentIntentAnswerSchema,
  productPageSchema,
  productSchema,
  reviewSchema,
  type Order,
  type Product,
} from '../src/shared/api.js';
import { z } from 'zod';
import type { ReceivedMail } from './mail-sink.js';

/** The demo accounts' password: playwright.config.ts sets it for the shop it starts (DEMO_PASSWORD). */
export const DEMO_PASSWORD = process.env.E2E_DEMO_PASSWORD ?? 'e2e-demo-password';
export const ADMIN = { email: 'admin@partsmith.example', password: DEMO_PASSWORD };
export const CUSTOMER = { email: 'customer@partsmith.example', password: DEMO_PASSWORD };

let counter = 0;
/** An e-mail no other test (or earlier run) has used. */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export async function apiLogin(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.status(), await response.text()).toBe(200);
  return authResponseSchema.parse(await response.json()).token;
}

export async function apiRegister(request: APIRequestContext, name: string, email: string, password = 'secret-pass-1') {
  const response = await request.post('/api/auth/register', { data: { name, email, password } });
  expect(response.status(), await response.text()).toBe(201);
  return authResponseSchema.parse(await response.json()).token;
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

/**
 * axe-core on the current page: no critical, serious or moderate violation of WCAG 2.1 A/AA (contrast
 * included) or of axe's best practices (heading levels without gaps, landmarks, one h1).
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations.filter((violation) => violation.impact !== 'minor');
  expect(
    serious.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.map((node) => node.target.join(' ')) })),
  ).toEqual([]);
}

export async function saveScreenshot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage });
}

/** POST /api/products as an admin: the add-product form's fields (text, as the form sends them). */
export async function apiAddProduct(
  request: APIRequestContext,
  adminToken: string,
  product: { name: string; description: string; price: string; stock: string; min: string; img: string },
): Promise<Product> {
  const created = await request.post('/api/products', { headers: { Authorization: `Bearer ${adminToken}` }, data: product });
  expect(created.status(), await created.text()).toBe(201);
  return productSchema.parse(await created.json());
}

/**
 * A destination the demo shop ships to where the specs' figures stay the goods' own: Oregon has no rate in
 * the demo tax table, and an order naming no method gets the cheapest, pickup at the factory ($0).
 */
export const E2E_ADDRESS = { name: 'Pat Buyer', company: '', line1: '1 Pine St', line2: '', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US', phone: '' };

/**
 * POST /api/orders for the account of `token`. An order needs a destination now: `address` (the original
 * free text) is still sent, and E2E_ADDRESS goes as its structured shippingAddress unless one is given.
 */
export async function apiPlaceOrder(
  request: APIRequestContext,
  token: string,
  order: { productId: string; quantity: number; phone: string; address: string; shippingAddress?: typeof E2E_ADDRESS },
): Promise<Order> {
  const placed = await request.post('/api/orders', { headers: { Authorization: `Bearer ${token}` }, data: { shippingAddress: E2E_ADDRESS, ...order } });
  expect(placed.status(), await placed.text()).toBe(201);
  return orderSchema.parse(await placed.json());
}

export async function findProduct(request: APIRequestContext, name: string): Promise<Product> {
  const response = await request.get(`/api/products?limit=100&q=${encodeURIComponent(name)}`);
  const { items } = productPageSchema.parse(await response.json());
  const product = items.find((item) => item.name === name);
  if (!product) throw new Error(`No product named ${name}`);
  return product;
}

/**
 * Pays an order the way the browser does in test mode: create the payment intent, confirm Stripe's test
 * card 4242 4242 4242 4242 with the built-in test processor, then PATCH the order with the payment's id.
 * Answers the transaction id.
 */
export async function payOrderThroughApi(request: APIRequestContext, token: string, orderId: string): Promise<string> {
  const headers = { Authorization: `Bearer ${token}` };
  const intent = await request.post('/api/create-payment-intent', { headers, data: { orderId } });
  expect(intent.status(), await intent.text()).toBe(200);
  const { clientSecret } = paymentIntentAnswerSchema.parse(await intent.json());
  const confirmed = await request.post('/api/payments/test/confirm', {
    data: { clientSecret, card: { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const { paymentIntent } = confirmedPaymentSchema.parse(await confirmed.json());
  const patched = await request.patch(`/api/orders/${orderId}`, { headers, data: { transactionId: paymentIntent.id } });
  expect(patched.status(), await patched.text()).toBe(200);
  return paymentIntent.id;
}

const MAIL_SINK = `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT ?? '4314'}`;

/**
 * The newest e-mail to `to` whose subject matches, once the shop has sent it to the mail sink
 * (e2e/mail-sink.ts); with `count`, once that many such e-mails have arrived.
 */
export async function newestMail(to: string, subject: RegExp, count = 1): Promise<ReceivedMail> {
  let matching: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        const response = await fetch(`${MAIL_SINK}/messages?to=${encodeURIComponent(to)}`);
        matching = ((await response.json()) as ReceivedMail[]).filter((mail) => subject.test(mail.subject));
        return matching.length;
      },
      { message: `${count} e-mail(s) to ${to} with a subject like ${subject}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return matching.at(-1)!;
}

/** The link of an e-mail that goes to `path` of the shop (e.g. '/reset-password'), as written in its text. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === path);
  if (!link) throw new Error(`No link to ${path} in the e-mail "${mail.subject}":\n${mail.text}`);
  return link;
}

/** Every `path: '…'` of the storefront's routes (src/web/app/router.tsx), for a test that must visit them all. */
export function routePaths(): string[] {
  const source = readFileSync(join('src', 'web', 'app', 'router.tsx'), 'utf8');
  return [...source.matchAll(/\bpath:\s*'([^']+)'/g)].map((match) => match[1]!).filter((path) => path !== '*');
}

/** Chooses an entry of a table row's Actions menu (Manage Products, Manage All Orders): opens the menu, clicks the entry. */
export async function rowAction(row: Locator, entry: string | RegExp) {
  await row.getByRole('button', { name: /^Actions for / }).click();
  await row.getByRole('menuitem', { name: entry }).click();
}

/** The element is on screen across its whole width: not cut off at either edge of the viewport. */
export async function expectWithinViewportWidth(locator: Locator) {
  const width = locator.page().viewportSize()!.width;
  // Retried as a whole: a list that refetches re-renders its rows, so the element found may be replaced mid-check.
  await expect(async () => {
    await locator.scrollIntoViewIfNeeded({ timeout: 1000 });
    const box = await locator.boundingBox({ timeout: 1000 });
    expect(box, 'a visible element').not.toBeNull();
    expect(box!.x, 'left edge on screen').toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `right edge within ${width}px`).toBeLessThanOrEqual(width);
  }).toPass({ timeout: 10_000 });
}

/** The page does not scroll sideways: nothing is wider than the viewport. */
export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(clientWidth);
}

/** Types a new delivery address into an order form's picker (`scope`: the order dialog or the cart's form). */
export async function fillNewAddress(scope: Locator, address: { line1: string; city: string; region: string; postalCode: string }) {
  const newAddress = scope.getByRole('radio', { name: 'A new address' });
  if (await newAddress.count()) await newAddress.check();
  await scope.getByLabel('Street and number').fill(address.line1);
  await scope.getByLabel('City').fill(address.city);
  await scope.getByLabel('State or region').selectOption(address.region);
  await scope.getByLabel('Postal code').fill(address.postalCode);
}

/**
 * Approves the pending review with this comment as an admin (REVIEW_MODERATION=before, the e2e server's
 * default), for stories about something else that need it shown.
 */
export async function approveReviewThroughApi(request: APIRequestContext, comment: string) {
  const headers = { Authorization: `Bearer ${await apiLogin(request, ADMIN)}` };
  const queue = z.array(reviewSchema).parse(await (await request.get('/api/admin/reviews?status=pending', { headers })).json());
  const review = queue.find((candidate) => candidate.comment === comment);
  expect(review, `a pending review saying ${comment}`).toBeDefined();
  const approved = await request.patch(`/api/review/${review!._id}`, { headers, data: { status: 'published' } });
  expect(approved.status(), await approved.text()).toBe(200);
}
