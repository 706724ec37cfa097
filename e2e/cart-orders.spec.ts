import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiLogin, apiRegister, E2E_ADDRESS, expectNoHorizontalScroll, findProduct, loginThroughForm, signInWithToken, uniqueEmail } from './helpers.js';

/** Issue 59's stories, on a desk and on a phone: a cart that follows the account and says what it does, orders one can read. */
const SCREENS = [
  { name: 'on a desktop', use: { viewport: { width: 1366, height: 900 } } },
  { name: 'on a phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

const PASSWORD = 'cart-secret-1';

async function putCart(page: Page, token: string, lines: { productId: string; quantity: number }[]) {
  const response = await page.request.put('/api/cart', { headers: { Authorization: `Bearer ${token}` }, data: { lines } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Presses a button that changes the account's cart, and waits until the shop has saved it. */
async function savingCart(page: Page, press: () => Promise<void>) {
  const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/cart' && response.request().method() === 'PUT');
  await press();
  expect((await saved).status()).toBe(200);
}

/** Types a quantity on a part's page and adds it to the cart. */
async function addFromPartPage(page: Page, sku: string, quantity: number) {
  await page.goto(`/parts/${sku}`);
  const box = page.getByRole('spinbutton', { name: 'Quantity' });
  await box.fill(String(quantity));
  await page.getByRole('button', { name: 'Add to cart' }).click();
}

async function cartQuantityIn(browser: Browser, use: (typeof SCREENS)[number]['use'], token: string, part: string) {
  const context = await browser.newContext(use);
  const page = await context.newPage();
  await signInWithToken(page, token);
  await page.goto('/cart');
  const quantity = page.getByRole('spinbutton', { name: new RegExp(`^Quantity\\s*: ${part}$`) });
  await expect(quantity).toBeVisible();
  const value = await quantity.inputValue();
  await context.close();
  return value;
}

for (const screen of SCREENS) {
  test.describe(`cart and orders ${screen.name}`, () => {
    test.use(screen.use);

    test('a visitor’s part meets the account’s at sign-in: Add or Replace says what happened, and the cart is the same on another device', async ({
      page,
      browser,
      request,
    }) => {
      const pads = await findProduct(request, 'Brake Pad Set');
      const email = uniqueEmail('cart');
      const token = await apiRegister(request, 'Casey Cart', email, PASSWORD);
      // Built on another device: 300 in the account's cart.
      await putCart(page, token, [{ productId: pads._id, quantity: 300 }]);

      // As a visitor on this device, 500 of the same part.
      await addFromPartPage(page, pads.sku, 500);
      await expect(page.getByText('Added to cart: 500 × Brake Pad Set')).toBeVisible();
      // The cart and its count on every width, outside the phone's folded menu.
      await expect(page.getByTestId('nav-cart')).toBeVisible();
      await expect(page.getByTestId('nav-cart')).toHaveText('Cart (1)');

      await page.goto('/login');
      await loginThroughForm(page, { email, password: PASSWORD });
      const merge = page.getByRole('dialog', { name: 'Also in your cart from before you signed in' });
      await expect(merge.getByText('Brake Pad Set: 300 in your cart, 500 chosen before you signed in')).toBeVisible();
      await savingCart(page, () => merge.getByRole('button', { name: 'Add: 800' }).click());
      await expect(page.getByText('Brake Pad Set: now 800 (was 300)')).toBeVisible();
      await expect(page.getByTestId('nav-cart')).toHaveText('Cart (1)');

      // Adding it again asks instead of summing; Replace takes the new quantity.
      await addFromPartPage(page, pads.sku, 200);
      const again = page.getByRole('dialog', { name: 'Already in your cart' });
      await expect(again.getByText('Brake Pad Set: 800 in your cart, 200 being added')).toBeVisible();
      await savingCart(page, () => again.getByRole('button', { name: 'Replace: 200' }).click());
      await expect(page.getByText('Brake Pad Set: now 200 (was 800)')).toBeVisible();

      await page.goto('/cart');
      await expect(page.getByRole('spinbutton', { name: /^Quantity\s*: Brake Pad Set$/ })).toHaveValue('200');
      // Another browser signed in to the same account has the same cart.
      expect(await cartQuantityIn(browser, screen.use, await apiLogin(request, { email, password: PASSWORD }), 'Brake Pad Set')).toBe('200');

      // Signing out leaves the account's cart alone; this browser's cart is a visitor's again.
      if (screen.name === 'on a phone') await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page.getByTestId('nav-cart')).toHaveText('Cart');
      const kept = await page.request.get('/api/cart', { headers: { Authorization: `Bearer ${token}` } });
      expect((await kept.json()).lines.map((line: { quantity: number }) => line.quantity)).toEqual([200]);
    });

    test('an order reads by its number and date in My Orders, and its own page shows each line; a stranger finds no such order', async ({
      page,
      request,
    }) => {
      const filter = await findProduct(request, 'Air Filter');
      const shock = await findProduct(request, 'Shock Absorber');
      const token = await apiRegister(request, 'Olivia Orders', uniqueEmail('orders'), PASSWORD);
      const placed = await request.post('/api/orders', {
        headers: { Authorization: `Bearer ${token}` },
        data: { lines: [{ productId: filter._id, quantity: 120 }, { productId: shock._id, quantity: 60 }], phone: '555 0100', shippingAddress: { ...E2E_ADDRESS, line1: 'Dock 4, Main Street 1' } },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      const order = (await placed.json()) as { _id: string; number: string };

      await signInWithToken(page, token);
      await page.goto('/dashboard/myOrders');
      const row = page.getByTestId(`order-${order._id}`);
      await expect(row.getByText('Awaiting payment')).toBeVisible();
      await row.getByRole('link', { name: `Open order ${order.number}` }).click();

      await expect(page).toHaveURL(`/dashboard/orders/${order._id}`);
      await expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
      const lines = page.getByRole('table', { name: `Parts of order ${order.number}` });
      await expect(lines.getByRole('row')).toHaveText([/Part/, /Air Filter.*120/, /Shock Absorber.*60/, /Subtotal/]);
      await expect(page.getByText('Dock 4, Main Street 1')).toBeVisible();
      await expect(page.getByText('None yet: the order ships once it is paid.')).toBeVisible();
      await expectNoHorizontalScroll(page);

      // The payment page names the order and lists its lines above the original texts.
      await page.getByRole('link', { name: 'Pay now' }).click();
      await expect(page.getByRole('heading', { name: `Pay for order ${order.number}` })).toBeVisible();
      await expect(page.getByRole('table', { name: `Parts of order ${order.number}` }).getByRole('row')).toHaveCount(4);

      const stranger = await apiRegister(request, 'Sam Stranger', uniqueEmail('stranger'), PASSWORD);
      await signInWithToken(page, stranger);
      await page.goto(`/dashboard/orders/${order._id}`);
      await expect(page.getByRole('heading', { name: 'No such order' })).toBeVisible();
    });
  });
}
