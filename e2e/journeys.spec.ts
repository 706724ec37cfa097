import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { z } from 'zod';
import { orderSchema } from '../src/shared/api.js';
import { messages } from '../src/shared/messages.js';
import {
  ADMIN,
  apiAddProduct,
  apiLogin,
  apiPlaceOrder,
  apiRegister,
  CUSTOMER,
  findProduct,
  loginThroughForm,
  saveScreenshot,
  signInWithToken,
  uniqueEmail,
  E2E_ADDRESS,
} from './helpers.js';

/** Whether two elements' boxes overlap on screen. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!boxA || !boxB) return false;
  return boxA.x < boxB.x + boxB.width && boxB.x < boxA.x + boxA.width && boxA.y < boxB.y + boxB.height && boxB.y < boxA.y + boxA.height;
}

async function ordersOf(request: APIRequestContext, token: string, email: string) {
  const response = await request.get(`/api/orders/${encodeURIComponent(email)}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return z.array(orderSchema).parse(await response.json());
}

/** A fresh customer (so no earlier test's unpaid orders count against the limit), signed in, with phone and a saved address. */
async function newCustomer(page: Page, request: APIRequestContext) {
  const email = uniqueEmail('journey');
  const token = await apiRegister(request, 'Jordan Journey', email);
  const profile = await request.patch(`/api/user/${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { phone: '+1 555 0177', address: '7 Journey Road' },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  // A saved address (the default), which the order modal chooses.
  const saved = await request.post('/api/addresses', { headers: { Authorization: `Bearer ${token}` }, data: E2E_ADDRESS });
  expect(saved.status(), await saved.text()).toBe(201);
  await signInWithToken(page, token);
  return { email, token };
}

/** Opens the order modal of `product` and types a quantity. */
async function openOrderModal(page: Page, productId: string, name: string, quantity: number) {
  await page.goto(`/place-order/${productId}`);
  await page.getByRole('button', { name: 'Place Order Now' }).click();
  const dialog = page.getByRole('dialog', { name: `Place order for ${name}` });
  await expect(dialog.getByLabel('Phone Number')).toHaveValue('+1 555 0177');
  await dialog.getByLabel('Quantity').fill(String(quantity));
  return dialog;
}

test.describe('journeys', () => {
  test("Login in the navbar returns to the page it was pressed on, and the toast leaves the navbar's name and Logout visible", async ({
    page,
  }) => {
    await page.goto('/allProducts');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    await loginThroughForm(page, CUSTOMER);
    await expect(page).toHaveURL(/\/allProducts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main' });
    const toast = page.getByText('User logged in successfully');
    await expect(toast).toBeVisible();
    for (const item of [nav.getByTestId('nav-user-name'), nav.getByRole('button', { name: 'Logout' })]) {
      await expect(item).toBeVisible();
      expect(await overlap(toast, item)).toBe(false);
    }
    await saveScreenshot(page, 'toast-below-navbar', false);
  });

  test("logout lands on the home page, and whoever signs in next is not taken to the previous user's page", async ({ page, request }) => {
    const token = await apiLogin(request, CUSTOMER);
    await signInWithToken(page, token);
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Orders' }).click();
    await expect(page.getByRole('heading', { name: /^Your Orders: \d+$/ })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('User is logged out!!!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // Back, to the previous user's dashboard: asks to log in, and then goes home, not to their page.
    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);
    await loginThroughForm(page, ADMIN);
    await expect(page).toHaveURL(/\/$/);
  });

  test('a wrong-password error goes once the form changes', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(CUSTOMER.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const error = page.getByText('Wrong e-mail or password');
    await expect(error).toBeVisible();
    await expect(error).toBeFocused();
    await page.getByLabel('Password').pressSequentially('!');
    await expect(error).toHaveCount(0);
  });

  test('offline, an order is refused at once, is not placed behind the back when the network returns, and a retry places it once', async ({
    page,
    context,
    request,
  }) => {
    const { email, token } = await newCustomer(page, request);
    const tire = await findProduct(request, 'Tire');
    const dialog = await openOrderModal(page, tire._id, 'Tire', tire.min);

    await context.setOffline(true);
    const started = Date.now();
    await dialog.getByRole('button', { name: 'Confirm Order' }).click();
    const error = dialog.getByText(messages.ui.orderNotSent);
    await expect(error).toBeVisible({ timeout: 3_000 });
    expect(Date.now() - started).toBeLessThan(3_000);
    await expect(error).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Confirm Order' })).toBeEnabled();

    await context.setOffline(false);
    await page.waitForTimeout(1_500);
    expect(await ordersOf(request, token, email)).toHaveLength(0);
    await expect(page.getByText('Your order is placed successfully')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(page.getByText('Your order is placed successfully')).toBeVisible();
    expect(await ordersOf(request, token, email)).toHaveLength(1);
  });

  test('an order whose answer was lost is one order after the retry (the same Idempotency-Key)', async ({ page, request }) => {
    const { email, token } = await newCustomer(page, request);
    const tire = await findProduct(request, 'Tire');
    const keys: string[] = [];
    let placedIds: string[] = [];
    await page.route('**/api/orders', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length > 1) return route.fallback();
      // The shop places the order, but its answer never reaches the browser.
      const response = await route.fetch();
      placedIds = [orderSchema.parse(await response.json())._id];
      return route.abort('connectionreset');
    });
    const dialog = await openOrderModal(page, tire._id, 'Tire', tire.min + 1);
    await dialog.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(dialog.getByText(messages.ui.orderNotSent)).toBeVisible();
    expect(await ordersOf(request, token, email)).toHaveLength(1);

    const retried = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Confirm Order' }).click();
    const answer = await retried;
    expect(answer.status()).toBe(201);
    expect(orderSchema.parse(await answer.json())._id).toBe(placedIds[0]);
    await expect(page.getByText('Your order is placed successfully')).toBeVisible();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await ordersOf(request, token, email)).toHaveLength(1);
  });

  test('a part whose stock fell under its minimum order is shown out of stock, with no way to order it', async ({ page, request }) => {
    const adminToken = await apiLogin(request, ADMIN);
    const product = await apiAddProduct(request, adminToken, {
      name: `Flywheel ${Date.now()} (e2e)`,
      description: 'Sold by 50, and 80 made.',
      price: '40',
      stock: '80',
      min: '50',
      img: '/images/products/hubcap.svg',
    });
    const buyer = await apiRegister(request, 'Bulk Buyer', uniqueEmail('bulk'));
    await apiPlaceOrder(request, buyer, { productId: product._id, quantity: 50, phone: '+1 555 0150', address: '50 Bulk Street' });

    try {
      await page.goto('/allProducts');
      const card = page.getByRole('article').filter({ hasText: product.name });
      await expect(card.getByText('Available Items: 30 units')).toBeVisible();
      await expect(card.getByTestId('out-of-stock')).toHaveText(
        'Out of stock. Fewer than the minimum order of 50 units are left, so this part cannot be ordered right now.',
      );
      await expect(card.getByRole('button', { name: `Order Now: ${product.name}` })).toBeDisabled();
      // Its picture and name still lead to its page; nothing leads to ordering it.
      await expect(card.locator('a[href^="/place-order"]')).toHaveCount(0);
      await card.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'out-of-stock-card', false);

      await signInWithToken(page, buyer);
      await page.goto(`/place-order/${product._id}`);
      await expect(page.getByTestId('out-of-stock')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Place Order Now' })).toBeDisabled();
    } finally {
      await request.delete(`/api/products/${product._id}`, { headers: { Authorization: `Bearer ${adminToken}` } });
    }
  });

  test("a page whose code cannot be downloaded says so, and says offline when offline — not 'a new version'", async ({ page, context }) => {
    await page.goto('/');
    await page.route(/\/assets\/BlogsPage-[\w-]+\.js$/, (route) => route.abort('connectionreset'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).click();
    await expect(page.getByText(messages.ui.pageLoadFailed)).toBeVisible();
    await expect(page.getByText(messages.ui.newVersion)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();

    await context.setOffline(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portfolio' }).click();
    await expect(page.getByText(messages.ui.pageLoadOffline)).toBeVisible();
    await context.setOffline(false);
  });
});
