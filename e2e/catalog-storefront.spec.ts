import { expect, test, type Page } from '@playwright/test';
import { productSchema, type Product } from '../src/shared/api.js';
import { productHead } from '../src/shared/catalog.js';
import { ADMIN, apiLogin, expectNoSeriousA11yViolations, saveScreenshot } from './helpers.js';

// Parts of this run only: a word of their own in every name keeps the demo catalog (and earlier runs) out of the view.
const run = `sf${Date.now().toString(36)}`;
const RUN = run.toUpperCase();

const parts = {
  radiator: {
    name: `Storefront Radiator ${run}`,
    sku: `${RUN}-1507`,
    category: 'cooling',
    price: '45',
    specs: [
      { name: 'Core', value: 'Aluminium' },
      { name: 'Rows', value: '2' },
    ],
  },
  pump: { name: `Storefront Water Pump ${run}`, sku: `${RUN}-2201`, category: 'cooling', price: '120', specs: [] },
  // Sold out below its minimum order (stock set after creating it).
  thermostat: { name: `Storefront Thermostat ${run}`, sku: `${RUN}-3302`, category: 'cooling', price: '12', specs: [] },
  disc: { name: `Storefront Brake Disc ${run}`, sku: `${RUN}-4403`, category: 'brakes', price: '60', specs: [] },
};

/** The names on the cards, in the order shown. */
const cardNames = (page: Page) => page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
/** The same, in any order: a search without a sort lists the best matches first, by the index's rank. */
const cardNameSet = async (page: Page) => (await cardNames(page)).sort();

test.describe('a visitor in the catalog', () => {
  const created: Product[] = [];
  let adminToken = '';

  test.beforeAll(async ({ request }) => {
    adminToken = await apiLogin(request, ADMIN);
    const headers = { Authorization: `Bearer ${adminToken}` };
    // One after the other: 'newest first' is the order they were created in, reversed.
    for (const part of Object.values(parts)) {
      const response = await request.post('/api/products', {
        headers,
        data: { ...part, description: `${part.name}, made for the storefront test.`, stock: '500', min: '50', img: '/images/products/radiator.svg' },
      });
      expect(response.status(), await response.text()).toBe(201);
      created.push(productSchema.parse(await response.json()));
    }
    const thermostat = created.find((product) => product.sku === parts.thermostat.sku)!;
    const soldOut = await request.patch(`/api/products/${thermostat._id}`, { headers, data: { stock: 10 } });
    expect(soldOut.status(), await soldOut.text()).toBe(200);
  });

  test.afterAll(async ({ request }) => {
    for (const product of created) await request.delete(`/api/products/${product._id}`, { headers: { Authorization: `Bearer ${adminToken}` } });
  });

  let consoleErrors: string[];
  test.beforeEach(({ page }) => {
    consoleErrors = [];
    page.on('console', (message) => {
      // A search with a digit (the run's word may have one) is also looked up as a number no part carries: a 404.
      if (message.type() === 'error' && !message.location().url.includes('/api/parts/lookup')) consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  });

  test('filters by category and stock, sorts by price, and shares the view as a link that back and forward step through', async ({
    page,
    context,
  }) => {
    await page.goto('/allProducts');
    await page.getByLabel('Search products by name or part number').fill(run);
    await expect(page).toHaveURL(new RegExp(`/allProducts\\?q=${run}$`));
    await expect(page.getByRole('article')).toHaveCount(4);

    const categories = page.getByRole('group', { name: 'Category' });
    await expect(categories.getByRole('radio', { name: /^All categories \(\d+\)$/ })).toBeChecked();
    // The filters follow the address, which changes in a transition: click, then wait for the new state.
    const cooling = categories.getByRole('radio', { name: /^Cooling \(\d+\)$/ });
    await cooling.click();
    await expect(cooling).toBeChecked();
    await expect(page).toHaveURL(/[?&]category=cooling(&|$)/);
    await expect.poll(() => cardNameSet(page)).toEqual([parts.radiator.name, parts.thermostat.name, parts.pump.name].sort());
    await expect(page.getByRole('article').filter({ hasText: parts.thermostat.name }).getByTestId('out-of-stock')).toBeVisible();

    await page.getByRole('checkbox', { name: 'In stock only' }).click();
    await expect(page.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    await expect(page).toHaveURL(/[?&]inStock=true(&|$)/);
    await expect.poll(() => cardNameSet(page)).toEqual([parts.radiator.name, parts.pump.name].sort());

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL(/[?&]sort=price(&|$)/);
    await expect.poll(() => cardNames(page)).toEqual([parts.radiator.name, parts.pump.name]);
    await expect(page.getByRole('status').filter({ hasText: 'products shown' })).toHaveText('2 products shown');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'catalog-filtered');

    // The link shows the same view to whoever opens it.
    const shared = await context.newPage();
    await shared.goto(page.url());
    await expect.poll(() => cardNames(shared)).toEqual([parts.radiator.name, parts.pump.name]);
    await expect(shared.getByLabel('Search products by name or part number')).toHaveValue(run);
    await expect(shared.getByRole('group', { name: 'Category' }).getByRole('radio', { name: /^Cooling \(\d+\)$/ })).toBeChecked();
    await expect(shared.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    await expect(shared.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price');
    await shared.close();

    // Back undoes the sort, forward brings it back.
    await page.goBack();
    await expect(page).not.toHaveURL(/sort=/);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    await page.goForward();
    await expect(page).toHaveURL(/[?&]sort=price(&|$)/);
    await expect.poll(() => cardNames(page)).toEqual([parts.radiator.name, parts.pump.name]);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/allProducts$/);
    await expect(page.getByLabel('Search products by name or part number')).toHaveValue('');
    expect(consoleErrors).toEqual([]);
  });

  test("finds a part by its number however it is typed, opens the part's page from its card, and is sent to login to order", async ({ page }) => {
    await page.goto('/allProducts');
    // SF…-1507 typed in lower case, without its dash, with spaces in it.
    await page.getByLabel('Search products by name or part number').fill(`${run.slice(0, 4)} ${run.slice(4)}15 07`);
    await expect.poll(() => cardNames(page)).toEqual([parts.radiator.name]);
    const card = page.getByRole('article');
    await expect(card).toContainText(parts.radiator.sku);
    await expect(card).toContainText('Cooling');

    await card.getByRole('link', { name: parts.radiator.name }).first().click();
    await expect(page).toHaveURL(new RegExp(`/parts/${parts.radiator.sku}$`));
    await expect(page.getByRole('heading', { level: 1, name: parts.radiator.name })).toBeVisible();
    await expect(page).toHaveTitle(`${parts.radiator.name} (${parts.radiator.sku}) | Partsmith`);
    const specs = page.getByRole('table', { name: 'Specifications' });
    await expect(specs.getByRole('row')).toHaveCount(2);
    await expect(specs.getByRole('row').first().getByRole('rowheader')).toHaveText('Core');
    await expect(specs.getByRole('row').first().getByRole('cell')).toHaveText('Aluminium');
    await expect(page.getByRole('link', { name: 'Cooling' })).toHaveAttribute('href', '/allProducts?category=cooling');
    const description = `${parts.radiator.name}, made for the storefront test.`;
    const head = productHead({ ...parts.radiator, category: { name: 'Cooling' }, description });
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', head.description);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'product-page');

    await page.getByRole('link', { name: 'Order Now' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(consoleErrors).toEqual([]);
  });

  test('a part number that is not for sale gets a page that says so, with a search for it', async ({ page }) => {
    const missing = `NO-${RUN}`;
    await page.goto(`/parts/${missing}`);
    await expect(page.getByRole('heading', { level: 1, name: `No part with number ${missing}` })).toBeVisible();
    await page.getByRole('link', { name: `Search for ${missing}` }).click();
    await expect(page).toHaveURL(new RegExp(`/allProducts\\?q=${missing}$`));
    await expect(page.getByText(`No products match “${missing}”.`)).toBeVisible();
    // The page and its part's answer are 404s, as they should be; nothing else went wrong.
    expect(consoleErrors.filter((error) => !error.includes('404'))).toEqual([]);
  });
});
