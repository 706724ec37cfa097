import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiLogin, CUSTOMER, expectNoSeriousA11yViolations, findProduct, saveScreenshot, signInWithToken } from './helpers.js';

// A phone: 390 × 844 CSS pixels (an iPhone 12–15), touch.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const STOREFRONT = [
  '/',
  '/allProducts',
  '/allProducts?category=brakes',
  '/allProducts?q=tire',
  '/quick-order',
  '/parts/BR-1507',
  '/parts/LT-4410',
  '/parts/EN-0412-IR',
  '/parts/NO-SUCH-1',
  '/cart',
  '/blogs',
  '/portfolio',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/shipping',
  '/returns',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/no-such-page',
];
const CUSTOMER_ROUTES = ['/dashboard', '/dashboard/myOrders', '/dashboard/add-review', '/dashboard/lists', '/dashboard/returns'];
const ADMIN_ROUTES = [
  // The staff home (issue 62).
  '/dashboard',
  '/dashboard/manage-products',
  '/dashboard/add-products',
  '/dashboard/import-products',
  '/dashboard/manage-orders',
  '/dashboard/make-admin',
  '/dashboard/manage-reviews',
  '/dashboard/overview',
  '/dashboard/low-stock',
  '/dashboard/mail',
  '/dashboard/shipping',
  '/dashboard/tax',
  '/dashboard/search-synonyms',
  '/dashboard/manage-returns',
  '/dashboard/fitment-quality',
  '/dashboard/inbox',
];

/** What sticks out past the right edge: the page's width and the outermost elements wider than the screen, to name in a failure. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const wide = [...document.querySelectorAll('body *')].filter((element) => element.getBoundingClientRect().right > width + 0.5);
    const outermost = wide.filter((element) => !wide.includes(element.parentElement!));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: width,
      offenders: outermost.slice(0, 5).map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} → ${Math.round(element.getBoundingClientRect().right)}px`),
    };
  });
}

async function expectFits(page: Page, route: string) {
  await page.goto(route);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const measured = await overflow(page);
  expect(measured.scrollWidth, `${route} is ${measured.scrollWidth}px wide: ${measured.offenders.join('; ')}`).toBeLessThanOrEqual(measured.innerWidth);
}

test.describe('phone pages that fit (390 × 844)', () => {
  test('no storefront page scrolls sideways', async ({ page }) => {
    for (const route of STOREFRONT) await expectFits(page, route);
  });

  test("no page of the customer's or the admin's dashboard scrolls sideways", async ({ page, request }) => {
    await signInWithToken(page, await apiLogin(request, CUSTOMER));
    const part = await findProduct(request, 'Brake Pad Set');
    for (const route of [...CUSTOMER_ROUTES, `/place-order/${part._id}`]) await expectFits(page, route);
    await signInWithToken(page, await apiLogin(request, ADMIN));
    for (const route of [...ADMIN_ROUTES, `/dashboard/edit-product/${part._id}`]) await expectFits(page, route);
  });

  test('the first product is on the first screen of All Products; the filters fold into a sheet', async ({ page }) => {
    await page.goto('/allProducts');
    const first = page.getByRole('article').first();
    await expect(first).toBeVisible();
    const box = (await first.getByRole('heading', { level: 2 }).boundingBox())!;
    expect(box.y + box.height, 'the first product’s name within the first 844px').toBeLessThanOrEqual(844);
    await expect(page.getByRole('radio', { name: /^All categories/ })).toBeHidden();

    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await filters.click();
    const sheet = page.getByRole('dialog', { name: 'Filters and vehicle' });
    await expect(sheet.getByRole('radio', { name: /^All categories/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'phone-filters-sheet', false);
    await sheet.getByRole('radio', { name: /^Brakes/ }).click();
    await sheet.getByRole('button', { name: 'Show parts' }).click();
    await expect(page).toHaveURL(/category=brakes/);
    await expect(page.getByRole('button', { name: 'Filters (1 on)' })).toBeVisible();
    await saveScreenshot(page, 'phone-all-products', false);
  });

  test("a part's page: tables inside their card, numbers whole, the cart's message on screen", async ({ page }) => {
    await page.goto('/parts/BR-1507');
    await expect(page.getByRole('heading', { level: 1, name: 'Brake Pad Set' })).toBeVisible();
    const number = page.getByRole('cell', { name: '04465-02220', exact: true });
    const box = (await number.boundingBox())!;
    // One line: a number broken in two would be two lines high.
    expect(box.height).toBeLessThan(40);
    await page.getByRole('button', { name: /add to cart/i }).first().click();
    const message = page.locator('.Toastify__toast').first();
    // All of it on screen, once it has slid in.
    await expect(message).toBeInViewport({ ratio: 1 });
    const shown = (await message.boundingBox())!;
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(390);
    expect(shown.y + shown.height).toBeLessThanOrEqual(844);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'phone-part-page');
  });

  test('the menu says whether it is open and closes on Escape', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeHidden();
    await expect(menu).toBeFocused();
  });
});

test.describe('part numbers as people type them (phone)', () => {
  test("quick order reads the letter O for zero, moves to its results, and suggests the closest number to a slip", async ({ page }) => {
    await page.goto('/quick-order');
    await page.getByLabel('Parts and quantities').fill('17801-OT020 120\nBP-1507 100');
    await page.getByRole('button', { name: 'Check parts' }).click();
    const results = page.getByRole('heading', { level: 2, name: 'Checked parts' });
    await expect(results).toBeFocused();
    await expect(results).toBeInViewport();
    const air = page.getByTestId('line-1');
    await expect(air).toContainText('Air Filter');
    await expect(air).toContainText('matched OE number 17801-OT020');
    const slip = page.getByTestId('line-2');
    await expect(slip).toContainText('No part for sale has the number BP-1507');
    await expect(slip.getByTestId('did-you-mean')).toContainText('BR-1507 (Brake Pad Set)');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'phone-quick-order-results');
  });

  test("every example of the quick order's hint orders a part", async ({ page }) => {
    await page.goto('/quick-order');
    const hint = (await page.getByText(/^One part per line/).textContent())!;
    const examples = /e\.g\. (.+) \(/.exec(hint)![1]!.split(' or ');
    await page.getByLabel('Parts and quantities').fill(examples.join('\n'));
    await page.getByRole('button', { name: 'Check parts' }).click();
    await expect(page.getByRole('status').filter({ hasText: /ready to add/ })).not.toContainText('to fix');
  });

  test('the catalog finds a number typed with O for 0 and offers the closest to one that does not exist', async ({ page }) => {
    await page.goto('/allProducts?q=17801-OT020');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article').getByRole('heading', { name: 'Air Filter' })).toBeVisible();
    await page.goto('/allProducts?q=BR-1570');
    await expect(page.getByTestId('did-you-mean')).toContainText('BR-1507 (Brake Pad Set)');
  });
});

test.describe('the vehicle flow (phone)', () => {
  test('choosing a vehicle shows its parts at once, counted as shown; a search for parts that do not fit says so and shows them', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Choose your vehicle' }).click();
    await page.getByRole('combobox', { name: 'Year' }).selectOption('2018');
    await page.getByRole('combobox', { name: 'Make' }).selectOption('Toyota');
    await page.getByRole('combobox', { name: 'Model' }).selectOption('Camry');
    await page.getByRole('combobox', { name: 'Engine / trim' }).selectOption({ label: 'LE 2.5L I4' });
    await page.getByRole('button', { name: 'Shop for this vehicle' }).click();

    // One click: the parts that fit it.
    await expect(page).toHaveURL(/\/allProducts\?vehicle=\d+/);
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /shown/ })).not.toContainText('more available');
    const shown = await cards.count();
    await expect(cards.first().getByTestId('fit')).toContainText('Fits your 2018 Toyota Camry');
    await page.getByRole('button', { name: 'Filters (1 on)' }).click();
    await expect(page.getByRole('dialog').getByRole('radio', { name: `All categories (${shown})` })).toBeVisible();
    await page.keyboard.press('Escape');

    // No tire fits a Camry: the search says so, and shows them when asked.
    await page.getByLabel('Search products by name or part number').fill('tire');
    const noneFit = page.getByTestId('none-fit');
    await expect(noneFit).toContainText('“tire”, but none fits your 2018 Toyota Camry LE 2.5L I4');
    await expect(page.getByText('No products match')).toHaveCount(0);
    await noneFit.getByRole('button', { name: /anyway/ }).click();
    await expect(page).toHaveURL(/fitsOnly=false/);
    await expect(cards.filter({ hasText: 'Tire' }).first()).toBeVisible();
    await expect(cards.first().getByTestId('fit')).toContainText('Does not fit');
    await saveScreenshot(page, 'phone-tires-not-fitting', false);
  });
});
