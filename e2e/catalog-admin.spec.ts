import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { productPageSchema } from '../src/shared/api.js';
import { ADMIN, apiAddProduct, apiLogin, expectNoSeriousA11yViolations, rowAction, saveScreenshot, signInWithToken } from './helpers.js';

const HEADER = 'sku,name,description,price,stock,min,category,img,specs,active';
// The export adds the bulk-buying, shipping weight, tax class and core deposit columns at the end; a file without them still imports as before.
const EXPORT_HEADER = `${HEADER},packSize,priceBreaks,weightGrams,taxClass,coreCharge`;

/** A part of this test's own (a name no other test or earlier run has used), added through the API. */
async function addPart(request: APIRequestContext, token: string, name: string) {
  return apiAddProduct(request, token, {
    name: `${name} ${Date.now().toString(36)}`,
    description: 'A part for the catalog admin test (e2e).',
    price: '20.00',
    stock: '40',
    min: '2',
    img: '/images/products/brake-pads.svg',
  });
}

/** Manage Products, searched down to the part's row. */
async function openRow(page: Page, name: string) {
  await page.goto('/dashboard/manage-products');
  await page.getByLabel('Search by name or part number').fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

/** The part as the shop's visitors find it: the product list searched for `q`. */
async function publicSearch(request: APIRequestContext, q: string) {
  const response = await request.get(`/api/products?limit=24&q=${encodeURIComponent(q)}`);
  return productPageSchema.parse(await response.json()).items;
}

test.describe('an admin managing the catalog', () => {
  let token: string;

  test.beforeEach(async ({ page, request }) => {
    token = await apiLogin(request, ADMIN);
    await signInWithToken(page, token);
  });

  test("uploads a part's photo, and the storefront shows it in every width", async ({ page, request }) => {
    const part = await addPart(request, token, 'Photo Part');
    await page.goto(`/dashboard/edit-product/${part._id}`);
    // A real photo-sized picture, made here: 1200 × 900 pixels of JPEG.
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2563eb' } }).jpeg().toBuffer();
    await page.getByLabel('Upload a picture').setInputFiles({ name: 'caliper.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByLabel('Product Image')).toHaveValue(/^\/uploads\/[0-9a-f]{16}-800\.webp$/);
    const uploaded = await page.getByLabel('Product Image').inputValue();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/dashboard\/manage-products$/);

    await page.goto('/allProducts');
    await page.getByLabel('Search products by name or part number').fill(part.name);
    const picture = page.getByRole('article').filter({ hasText: part.name }).getByRole('img').first();
    await expect(picture).toHaveAttribute('src', uploaded);
    await expect(picture).toHaveAttribute('srcset', /-400\.webp 400w, .*-800\.webp 800w, .*-1600\.webp 1600w/);
    // The browser really loaded it (a broken picture would have fallen back to the shop's own).
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const served = await request.get(uploaded);
    expect(served.headers()['content-type']).toBe('image/webp');
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    await expect(page.getByRole('article').filter({ hasText: part.name }).getByRole('img').first()).not.toHaveAttribute('src', /fallback/);
  });

  test("edits a part's price, and the storefront shows the new price", async ({ page, request }) => {
    const part = await addPart(request, token, 'Brake Caliper');
    const row = await openRow(page, part.name);
    await expect(row.getByRole('cell').nth(1)).toHaveText(part.sku);
    await rowAction(row, `Edit ${part.name}`);

    await expect(page).toHaveURL(new RegExp(`/dashboard/edit-product/${part._id}$`));
    await expect(page.getByRole('heading', { name: 'Edit product' })).toBeVisible();
    await expect(page.getByLabel('Product Name')).toHaveValue(part.name);
    await expect(page.getByLabel('Part Number')).toHaveValue(part.sku);
    await expect(page.getByLabel('Price ($ per unit)')).toHaveValue('20.00');
    await page.getByLabel('Price ($ per unit)').fill('23.45');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`The Product ${part.name} is saved successfully`)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/manage-products$/);

    await page.goto('/allProducts');
    await page.getByLabel('Search products by name or part number').fill(part.name);
    const card = page.getByRole('article').filter({ hasText: part.name });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Price: $23.45 (per unit)')).toBeVisible();
  });

  test('restocks a part, and its history records who added how many', async ({ page, request }) => {
    const part = await addPart(request, token, 'Wheel Hub');
    const row = await openRow(page, part.name);
    await rowAction(row, `Restock ${part.name}`);
    const restock = page.getByRole('dialog', { name: `Restock ${part.name}` });
    await restock.getByRole('button', { name: 'Add to stock' }).click();
    await expect(restock.getByText('Units to add are required')).toBeVisible();
    await restock.getByLabel('Units to add').fill('15');
    await restock.getByRole('button', { name: 'Add to stock' }).click();
    await expect(page.getByText(`${part.name} is restocked: 55 units in stock now.`)).toBeVisible();
    await expect(restock).toBeHidden();
    await expect(row.getByRole('cell').nth(5)).toHaveText('55');

    await rowAction(row, `History of ${part.name}`);
    const history = page.getByRole('dialog', { name: `History of ${part.name}` });
    // The stock ledger, newest first: the restock of 15 over the part's opening 40.
    const ledger = history.getByRole('list', { name: `Stock movements of ${part.name}` }).getByRole('listitem');
    await expect(ledger).toHaveCount(2);
    await expect(ledger.first()).toContainText('Restocked');
    await expect(ledger.first()).toContainText('+15');
    await expect(ledger.first()).toContainText('55 in stock');
    await expect(ledger.nth(1)).toContainText('Edited');
    await expect(ledger.nth(1)).toContainText('40 in stock');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'dashboard-product-history', false);
  });

  test('archives a part after confirming, which takes it off the shop, and restores it', async ({ page, request }) => {
    const part = await addPart(request, token, 'Tie Rod End');
    const row = await openRow(page, part.name);
    await rowAction(row, `Archive ${part.name}`);
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Archive ${part.name}? The shop stops showing it until you restore it; its orders are kept.`);
    await confirm.getByRole('button', { name: 'Archive product' }).click();
    await expect(page.getByText(`${part.name} is archived: the shop no longer shows it.`)).toBeVisible();
    await expect(row.getByRole('cell').nth(6)).toHaveText('archived');
    expect(await publicSearch(request, part.name)).toEqual([]);
    expect((await request.get(`/api/products/${part._id}`)).status()).toBe(404);

    await page.getByLabel('Status').selectOption('Archived');
    await expect(row).toHaveCount(1);
    await rowAction(row, `Restore ${part.name}`);
    await expect(page.getByText(`${part.name} is restored: it is back in the shop.`)).toBeVisible();
    // Restored, it is no longer among the archived parts, and the shop lists it again.
    await expect(row).toHaveCount(0);
    expect((await publicSearch(request, part.name)).map((item) => item._id)).toEqual([part._id]);
  });

  test('imports a CSV: names the row and column of a problem, then imports the fixed file', async ({ page }) => {
    const suffix = Date.now().toString(36).toUpperCase();
    const sku = `EX-${suffix}`;
    const name = `Fuel Pump ${suffix}`;
    const good = `${sku},${name},Electric in-tank fuel pump (e2e).,89.90,25,1,Engine,/images/products/spark-plug.svg,Pressure: 3.5 bar; Voltage: 12 V,true`;
    const bad = (price: string) => `,Fuel Filter ${suffix},Inline fuel filter (e2e).,${price},60,5,Filters,/images/products/air-filter.svg,,true`;
    const file = (rows: string[]) => ({ name: 'parts.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...rows, ''].join('\n')) });

    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Import / Export' }).click();
    await expect(page.getByRole('heading', { name: 'Import / Export' })).toBeVisible();
    await page.getByText('The columns of the file').click();
    await expect(page.getByText(EXPORT_HEADER, { exact: true })).toBeVisible();

    const picker = page.getByLabel('CSV file to import', { exact: true });
    await picker.setInputFiles(file([good, bad('twelve')]));
    await expect(page.getByText('1 problem found, so nothing can be imported: fix the file and choose it again.')).toBeVisible();
    const problems = page.getByRole('region', { name: 'Problems in the file' }).getByRole('row');
    await expect(problems).toHaveCount(2);
    await expect(problems.nth(1).getByRole('cell')).toHaveText(['3', 'price', '', '"twelve"', 'Price must be a positive amount in dollars, at most two decimals']);
    await expect(page.getByRole('button', { name: 'Apply import' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'dashboard-import-problems', false);

    await picker.setInputFiles(file([good, bad('12.40')]));
    await expect(page.getByText('The file is checked and can be imported.')).toBeVisible();
    await page.getByRole('button', { name: 'Apply import' }).click();
    await expect(page.getByText('Import done: 2 created, 0 updated.')).toBeVisible();

    await page.goto('/allProducts');
    await page.getByLabel('Search products by name or part number').fill(sku.toLowerCase().replace('-', ' '));
    const card = page.getByRole('article').filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Price: $89.90 (per unit)')).toBeVisible();
  });

  test('exports the catalog as a CSV file, and one for Excel with a byte-order mark', async ({ page }) => {
    await page.goto('/dashboard/import-products');
    const save = async (button: string) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      return readFile(await download.path());
    };
    const plain = await save('Export CSV');
    expect(plain.toString('utf8').split(/\r?\n/)[0]).toBe(EXPORT_HEADER);
    const forExcel = await save('Export CSV for Excel');
    expect([...forExcel.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(forExcel.subarray(3).toString('utf8').split(/\r?\n/)[0]).toBe(EXPORT_HEADER);
    // The parts are in the file, by their part numbers.
    const { items } = productPageSchema.parse(await (await page.request.get('/api/products?limit=5')).json());
    for (const { sku } of items) expect(plain.toString('utf8')).toContain(sku);
  });
});
