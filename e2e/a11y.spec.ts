import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  apiLogin,
  apiPlaceOrder,
  apiRegister,
  expectNoSeriousA11yViolations,
  findProduct,
  routePaths,
  signInWithToken,
  uniqueEmail,
} from './helpers.js';

/** Opens `path` and waits until its heading is shown and nothing is loading any more. */
async function openLoaded(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main h1').first()).toBeVisible();
  // No spinner on screen (one further down, e.g. the home page's lazy contact form, loads when scrolled to).
  await expect
    .poll(() =>
      page.evaluate(() => [...document.querySelectorAll('main [data-loading]')].filter((el) => el.getBoundingClientRect().top < innerHeight).length),
    )
    .toBe(0);
}

test.describe('accessibility', () => {
  test('every route passes axe-core (no critical, serious or moderate violation, heading levels without gaps)', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const tire = await findProduct(request, 'Tire');
    const email = uniqueEmail('a11y');
    const customerToken = await apiRegister(request, 'Alex Axe', email);
    const order = await apiPlaceOrder(request, customerToken, {
      productId: tire._id,
      quantity: tire.min,
      phone: '+1 555 0142',
      address: '1 Audit Lane',
    });

    const visitor = ['/', '/allProducts', '/blogs', '/portfolio', '/about', '/contact', '/terms', '/privacy', '/shipping', '/returns', `/parts/${tire.sku}`, '/quick-order', '/cart'];
    const signIn = ['/login', '/register', '/forgot-password', '/reset-password', '/verify-email', '/no/such/page'];
    const customer = [`/place-order/${tire._id}`, '/dashboard', '/dashboard/profile', '/dashboard/myOrders', '/dashboard/add-review', `/dashboard/payment/${order._id}`, `/dashboard/orders/${order._id}`, '/dashboard/lists', '/dashboard/addresses', `/dashboard/orders/${order._id}/return`, '/dashboard/returns', '/dashboard/company', '/dashboard/company/orders', '/company/join'];
    const admin = [
      // The staff home (issue 62).
      '/dashboard',
      '/dashboard/manage-products',
      '/dashboard/add-products',
      '/dashboard/manage-orders',
      '/dashboard/make-admin',
      '/dashboard/manage-reviews',
      `/dashboard/edit-product/${tire._id}`,
      '/dashboard/import-products',
      '/dashboard/overview',
      '/dashboard/low-stock',
      // The front door (issue 59).
      '/dashboard/mail',
      '/dashboard/shipping',
      '/dashboard/tax',
      // Trade accounts (issue 63): the demo's price list is fleet-contract.
      '/dashboard/companies',
      '/dashboard/price-lists',
      '/dashboard/price-lists/new',
      '/dashboard/price-lists/fleet-contract',
      '/dashboard/search-synonyms',
      '/dashboard/manage-returns',
      '/dashboard/fitment-quality',
      // The back office (issue 62).
      '/dashboard/inbox',
    ];

    // Every route of src/web/app/router.tsx is in one of the lists above.
    const visited = [...visitor, ...signIn, ...customer, ...admin];
    for (const path of routePaths()) {
      const pattern = new RegExp(`/${path.replace(/:\w+/g, '[^/]+')}(/|$)`);
      expect(visited.some((url) => pattern.test(url)), `the route '${path}' is checked`).toBe(true);
    }

    for (const path of [...visitor, ...signIn]) {
      await test.step(path, async () => {
        await openLoaded(page, path);
        await expectNoSeriousA11yViolations(page);
      });
    }

    await signInWithToken(page, customerToken);
    // A cart with a part in it (the visitor saw the empty one).
    await page.evaluate((line) => localStorage.setItem('partsmith:cart', JSON.stringify([line])), { productId: tire._id, quantity: tire.min });
    for (const path of [...customer, '/cart']) {
      await test.step(path, async () => {
        await openLoaded(page, path);
        await expectNoSeriousA11yViolations(page);
      });
    }
    // The order modal, open.
    await openLoaded(page, `/place-order/${tire._id}`);
    await page.getByRole('button', { name: 'Place Order Now' }).click();
    await expect(page.getByRole('dialog', { name: 'Place order for Tire' }).getByLabel('Quantity')).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    await signInWithToken(page, await apiLogin(request, ADMIN));
    for (const path of admin) {
      await test.step(path, async () => {
        await openLoaded(page, path);
        await expectNoSeriousA11yViolations(page);
      });
    }
  });

  test("the focus goes to the new page's heading after a navigation", async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Blogs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeFocused();
    await nav.getByRole('link', { name: 'Products', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeFocused();
    // Tab goes on from the top of the new page, not from the navbar.
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Search products by name')).toBeFocused();
  });
});
