import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { productSchema } from '../src/shared/api.js';
import { ADMIN, apiLogin, signInWithToken } from './helpers.js';

/** Issue 62: the catalog import shows what it changes (price 24.50 → 23.90) before it writes, and offers a template. */
const SCREENS = [
  { name: 'on a desktop', use: { viewport: { width: 1366, height: 900 } }, phone: false },
  { name: 'on a phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }, phone: true },
] as const;

/** A part of its own at 24.50 (no other test changes it), added through the admin API. */
async function partAt2450(page: Page, token: string, suffix: string) {
  const created = await page.request.post('/api/products', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      sku: `IMP-${suffix}`,
      name: `Import Preview Lamp ${suffix}`,
      description: 'A part whose price an import changes (e2e).',
      price: '24.50',
      stock: '10',
      min: '1',
      category: 'lighting',
      img: '/images/products/headlight.svg',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return productSchema.parse(await created.json());
}

for (const screen of SCREENS) {
  test.describe(`the catalog import's preview ${screen.name}`, () => {
    test.use(screen.use);

    test('shows each change of a checked file, field old → new, before it is applied', async ({ page }) => {
      const suffix = `${Date.now().toString(36).toUpperCase()}${screen.phone ? 'P' : 'D'}`;
      const token = await apiLogin(page.request, ADMIN);
      const part = await partAt2450(page, token, suffix);
      await signInWithToken(page, token);
      await page.goto('/dashboard/import-products');
      await expect(page.getByRole('heading', { name: 'Import / Export' })).toBeVisible();

      // The template: exactly the export's columns (the import reads its own export), and one made-up part.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download template' }).click()]);
      expect(download.suggestedFilename()).toBe('partsmith-import-template.csv');
      const template = parse(await readFile(await download.path())) as string[][];
      const exported = await page.request.get('/api/products/export.csv', { headers: { Authorization: `Bearer ${token}` } });
      expect(template[0]).toEqual((parse(await exported.text()) as string[][])[0]);
      expect(template).toHaveLength(2);
      expect(template[1]!.slice(0, 2)).toEqual(['EX-1001', 'Example Wiper Blade']);

      // A file that changes the part's price and its stock.
      const csv = `sku,price,stock\n${part.sku},23.90,25\n`;
      await page.getByLabel('CSV file to import', { exact: true }).setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(page.getByText('The file is checked and can be imported.')).toBeVisible();
      const rows = page.getByRole('region', { name: 'Rows the import changes' }).getByRole('row');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(1).getByRole('cell').nth(0)).toHaveText('2');
      await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText(`${part.sku} (changed)`);
      await expect(rows.nth(1).getByRole('listitem')).toHaveText(['price 24.50 → 23.90', 'stock 10 → 25']);
      // On a phone the preview is enough: applying is the same page.
      if (screen.phone) return;

      await page.getByRole('button', { name: 'Apply import' }).click();
      await expect(page.getByText('Import done: 0 created, 1 updated.')).toBeVisible();
      await page.goto(`/parts/${part.sku}`);
      await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
      await expect(page.getByRole('main')).toContainText('23.90');
    });
  });
}
