import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { orderPageSchema } from '../src/shared/api.js';
import { formatQuantity } from '../src/shared/format.js';
import {
  ADMIN,
  apiLogin,
  apiPlaceOrder,
  apiRegister,
  E2E_ADDRESS,
  expectNoHorizontalScroll,
  expectWithinViewportWidth,
  findProduct,
  payOrderThroughApi,
  saveScreenshot,
  signInWithToken,
  uniqueEmail,
} from './helpers.js';

/** What GET /api/orders counts for these filters (`total`), as the admin asks it. */
async function ordersTotal(request: APIRequestContext, token: string, query = '') {
  const response = await request.get(`/api/orders?limit=1${query}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return orderPageSchema.parse(await response.json()).total;
}

/** A new customer with two orders of Radiators to Portland, OR: one unpaid, one paid. */
async function customerWithTwoOrders(request: APIRequestContext) {
  const radiator = await findProduct(request, 'Radiator');
  const email = uniqueEmail('tables');
  const token = await apiRegister(request, 'Tess Tables', email);
  const order = { productId: radiator._id, phone: '+1 555 0142', address: '1 Pine St, Portland' };
  const unpaid = await apiPlaceOrder(request, token, { ...order, quantity: radiator.min });
  const paid = await apiPlaceOrder(request, token, { ...order, quantity: radiator.min + 1 });
  await payOrderThroughApi(request, token, paid._id);
  return { email, unpaid, paid, units: radiator.min + 1 };
}

/** The element's whole box is inside the viewport, without scrolling either way. */
async function expectOnFirstScreen(page: Page, locator: Locator) {
  const viewport = page.viewportSize()!;
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

/** Across the viewport's width without scrolling (a scroll would close an open menu). */
async function expectAcrossScreen(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** The table region does not scroll sideways: every column fits. */
async function expectTableFits(region: Locator) {
  const { scrollWidth, clientWidth } = await region.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(scrollWidth, 'table width').toBeLessThanOrEqual(clientWidth);
}

test.describe('Manage All Orders at 1366 × 768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('shows every column and the actions without scrolling sideways, and counts every order as the API does', async ({ page, request }) => {
    const admin = await apiLogin(request, ADMIN);
    const { email, unpaid, paid, units } = await customerWithTwoOrders(request);
    await signInWithToken(page, admin);

    await page.goto('/dashboard/manage-orders');
    await expect(page.getByRole('heading', { name: 'Manage All Orders' })).toBeVisible();
    const region = page.getByRole('region', { name: 'All orders' });
    await expect(region.getByRole('row').nth(1)).toBeVisible();
    // The real count (the e2e shop has more orders than the 25 a page loads), equal to the API's.
    const total = await ordersTotal(request, admin);
    expect(total).toBeGreaterThan(25);
    await expect(page.getByTestId('orders-count')).toHaveText(`${formatQuantity(total)} orders`);
    await expect(region.getByRole('columnheader')).toHaveText(['Order', 'Placed', 'Customer', 'Ship to', 'Total ($)', 'Status', 'To do', 'Action']);
    await expectTableFits(region);
    await expectNoHorizontalScroll(page);
    const first = region.getByRole('row').nth(1);
    await expectOnFirstScreen(page, first.getByRole('button', { name: /^Actions for / }));
    for (const action of await region.getByRole('button').all()) await expectWithinViewportWidth(action);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'manage-orders-1366', false);

    // One customer's orders: the count follows the search, the rows say what is left to do.
    await page.getByLabel('Search by order id, customer, e-mail, part number or PO number').fill(email);
    await expect(page.getByTestId('orders-count')).toHaveText('2 orders');
    expect(await ordersTotal(request, admin, `&q=${encodeURIComponent(email)}`)).toBe(2);
    const unpaidRow = page.getByTestId(`order-${unpaid._id}`);
    const paidRow = page.getByTestId(`order-${paid._id}`);
    await expect(unpaidRow.getByRole('cell')).toHaveText([
      new RegExp(`^${unpaid.number}`),
      /\d{4}$/,
      `Tess Tables${email}`,
      `${E2E_ADDRESS.city}, ${E2E_ADDRESS.region}, ${E2E_ADDRESS.country}`,
      /^\$[\d,]+\.\d\d/,
      'Awaiting payment',
      'Awaiting payment',
      /^Cancel\s*Actions/,
    ]);
    await expect(paidRow.getByRole('cell').nth(6)).toHaveText(`Ship ${units} of ${units} units`);

    // The other actions are in the row's menu, which the keyboard opens and Escape closes.
    const actions = paidRow.getByRole('button', { name: `Actions for ${paid.number}` });
    await expect(actions).toHaveAttribute('aria-expanded', 'false');
    await actions.click();
    const menu = paidRow.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Ship', 'Cancel and refund', 'History', /^Invoice INV-\d{6}$/]);
    await expect(actions).toHaveAttribute('aria-expanded', 'true');
    await expectOnFirstScreen(page, menu);
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Cancel and refund' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(actions).toBeFocused();
  });
});

test.describe('on a phone', () => {
  // A phone: 390 × 844 CSS pixels (an iPhone 12–15), touch.
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('Manage Products and Manage All Orders are compact cards under folded filters', async ({ page, request }) => {
    const admin = await apiLogin(request, ADMIN);
    const { email, paid } = await customerWithTwoOrders(request);
    await signInWithToken(page, admin);

    // Manage Products: the filters folded.
    await page.goto('/dashboard/manage-products');
    await expect(page.getByRole('heading', { name: 'Manage Products' })).toBeVisible();
    const filters = page.getByRole('button', { name: 'Filters' });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Search by name or part number')).toBeHidden();
    const products = page.getByRole('region', { name: 'Products' }).getByRole('row');
    await expect(products.nth(1)).toBeVisible();
    // A card is a few lines, not a line a column.
    expect((await products.nth(1).boundingBox())!.height).toBeLessThan(200);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'phone-manage-products-cards', false);

    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await page.getByLabel('Search by name or part number').fill('Radiator');
    const radiator = products.filter({ has: page.getByRole('cell', { name: 'Radiator', exact: true }) });
    await expect(radiator).toBeVisible();
    await radiator.getByRole('button', { name: 'Actions for Radiator' }).click();
    const menu = radiator.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Edit', 'Restock', 'Archive', 'History', 'Remove']);
    for (const item of await menu.getByRole('menuitem').all()) await expectAcrossScreen(page, item);
    // Remove still asks first.
    await menu.getByRole('menuitem', { name: 'Remove Radiator' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to remove Radiator?');
    await confirm.getByRole('button', { name: 'Keep product' }).click();
    await expect(confirm).toBeHidden();
    await filters.click();
    await expect(page.getByLabel('Search by name or part number')).toBeHidden();

    // Manage All Orders: the same.
    await page.goto('/dashboard/manage-orders');
    const orderFilters = page.getByRole('button', { name: 'Filters' });
    await expect(orderFilters).toHaveAttribute('aria-expanded', 'false');
    const search = page.getByLabel('Search by order id, customer, e-mail, part number or PO number');
    await expect(search).toBeHidden();
    const orders = page.getByRole('region', { name: 'All orders' }).getByRole('row');
    await expect(orders.nth(1)).toBeVisible();
    expect((await orders.nth(1).boundingBox())!.height).toBeLessThan(320);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'phone-manage-orders-cards', false);
    await orderFilters.click();
    await search.fill(email);
    await expect(page.getByTestId('orders-count')).toHaveText('2 orders');
    const card = page.getByTestId(`order-${paid._id}`);
    for (const action of await card.getByRole('button').all()) await expectWithinViewportWidth(action);
    await card.getByRole('button', { name: `Actions for ${paid.number}` }).click();
    await expect(card.getByRole('menuitem').first()).toBeFocused();
    for (const item of await card.getByRole('menuitem').all()) await expectAcrossScreen(page, item);
  });
});
