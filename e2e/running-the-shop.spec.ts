import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN, apiLogin, expectNoSeriousA11yViolations, saveScreenshot, signInWithToken } from './helpers.js';

const CUSTOMER_EMAIL = 'purchasing@harborfleet.example.com';

test.describe("running the shop (the demo's months of orders)", () => {
  test.beforeEach(async ({ page, request }) => {
    await signInWithToken(page, await apiLogin(request, ADMIN));
  });

  test("sees last month's revenue and its chart against the period before", async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Sales Overview' }).click();
    await expect(page.getByRole('heading', { name: 'Sales Overview' })).toBeVisible();
    await page.getByRole('button', { name: '30 days' }).click();
    // The demo's paid orders of the last 30 days: a revenue in dollars, compared with the 30 days before.
    await expect(page.getByText('Revenue', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/vs previous period|nothing in the previous period/).first()).toBeVisible();
    await expect(page.getByText(/^Revenue over 30 days: \$[\d,.]+/)).toBeAttached();
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Top parts by revenue' })).toBeVisible();
    await saveScreenshot(page, 'sales-overview');
    await expectNoSeriousA11yViolations(page);
  });

  test("finds a customer's orders by e-mail among hundreds and exports them", async ({ page }) => {
    await page.goto('/dashboard/manage-orders');
    await page.getByLabel('Search by order id, customer, e-mail, part number or PO number').fill(CUSTOMER_EMAIL);
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toContainText(CUSTOMER_EMAIL);
    const shown = await rows.count();
    for (let i = 1; i < Math.min(shown, 6); i++) await expect(rows.nth(i)).toContainText(CUSTOMER_EMAIL);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    const lines = readFileSync((await file.path())!, 'utf8').split(/\r?\n/).filter(Boolean);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).toContain(CUSTOMER_EMAIL);
  });

  test('sees which parts to restock, and restocks one', async ({ page, request }) => {
    const headers = { Authorization: `Bearer ${await apiLogin(request, ADMIN)}` };
    const sku = `LOW-${Date.now().toString(36).toUpperCase()}`;
    const created = await request.post('/api/products', {
      headers,
      data: { name: `Nearly Gone Sensor ${sku}`, description: 'Runs low (e2e).', price: '30', stock: '4', min: '1', img: '/images/products/air-filter.svg', sku },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { _id: id } = (await created.json()) as { _id: string };
    try {
      await page.goto('/dashboard');
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: /^Low Stock/ }).click();
      await expect(page.getByRole('heading', { name: 'Low Stock' })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: sku });
      await expect(row).toContainText('Nearly Gone Sensor');
      await row.getByRole('button', { name: /Restock/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('spinbutton').fill('50');
      await dialog.getByRole('button', { name: /Restock|Add/ }).last().click();
      await expect(page.getByRole('row').filter({ hasText: sku })).toHaveCount(0);
    } finally {
      await request.delete(`/api/products/${id}`, { headers });
    }
  });
});
