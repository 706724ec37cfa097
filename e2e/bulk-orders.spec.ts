import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { orderSchema, productSchema, type Product } from '../src/shared/api.js';
import { legacyDollars } from '../src/shared/format.js';
import { formatDollars } from '../src/shared/money.js';
import { ADMIN, apiLogin, apiRegister, expectNoSeriousA11yViolations, saveScreenshot, signInWithToken, uniqueEmail, fillNewAddress } from './helpers.js';

// Parts of this run only, so earlier runs and the demo catalog stay out of the way. Short enough that the
// invoice's part-number column never wraps them (the PDF's text is read back below): a 14-character number
// of wide letters (BKMWTWMBRP-100) wrapped.
const run = `bk${Date.now().toString(36).slice(-6)}`.toUpperCase();

/** Ten parts a workshop restocks; some with price breaks, one sold in packs of 12, one found by its OE number. */
const PARTS = Array.from({ length: 10 }, (_, i) => ({
  name: `Bulk Part ${i + 1} ${run}`,
  sku: `${run}-${100 + i}`,
  price: 10 + i,
  stock: 2000,
  min: i === 3 ? 12 : 1,
  packSize: i === 3 ? 12 : 1,
  priceBreaks: i % 2 === 0 ? [{ minQuantity: 100, price: 9 + i }, { minQuantity: 500, price: 8 + i }] : [],
  numbers: i === 5 ? [{ type: 'oe', brand: 'Toyota', number: `OE-${run}-5` }] : [],
}));
/** What the buyer pastes: our numbers in other spellings, one OE number, and how many of each. */
const QUANTITIES = [120, 5, 500, 24, 10, 3, 99, 7, 100, 1];
const pasted = PARTS.map((part, i) => {
  const number = i === 5 ? part.numbers[0]!.number : i === 1 ? part.sku.toLowerCase().replace('-', ' ') : part.sku;
  return `${number} ${QUANTITIES[i]}`;
}).join('\n');

const unitPrice = (i: number) => {
  const tiers = [...PARTS[i]!.priceBreaks].reverse();
  return tiers.find((tier) => QUANTITIES[i]! >= tier.minQuantity)?.price ?? PARTS[i]!.price;
};
const TOTAL = QUANTITIES.reduce((sum, quantity, i) => sum + quantity * unitPrice(i), 0);

test.describe('buying in bulk', () => {
  const created: Product[] = [];
  let adminToken = '';

  test.beforeAll(async ({ request }) => {
    adminToken = await apiLogin(request, ADMIN);
    for (const part of PARTS) {
      const response = await request.post('/api/products', {
        headers: { Authorization: `Bearer ${adminToken}` },
        data: { ...part, description: `${part.name}, for the bulk-buying test.`, img: '/images/products/air-filter.svg', category: 'filters' },
      });
      expect(response.status(), await response.text()).toBe(201);
      created.push(productSchema.parse(await response.json()));
    }
  });

  test.afterAll(async ({ request }) => {
    for (const product of created) await request.delete(`/api/products/${product._id}`, { headers: { Authorization: `Bearer ${adminToken}` } });
  });

  test('a workshop pastes ten part numbers, pays one order with 4242, downloads its invoice and orders it again; an admin ships it', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('bulk');
    await signInWithToken(page, await apiRegister(request, 'Wren Workshop', email));

    // Quick order: paste, check, see every line resolved with its tier, add all to the cart.
    await page.goto('/quick-order');
    await page.getByLabel('Parts and quantities').fill(pasted);
    await page.getByRole('button', { name: 'Check parts' }).click();
    const checked = page.getByRole('region', { name: 'Checked parts' });
    await expect(page.getByRole('status').filter({ hasText: 'ready to add' })).toHaveText('10 parts ready to add.');
    await expect(checked.getByRole('row')).toHaveCount(11);
    await expect(checked).toContainText(`matched OE number OE-${run}-5`);
    // 500 of part 3 reach its second break: $10 instead of $12.
    await expect(checked.getByRole('row').nth(3).getByRole('cell').nth(4)).toHaveText('$10.00');
    await saveScreenshot(page, 'quick-order');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);

    // The cart: ten lines, tiers applied, one total; the order goes out with a PO number.
    await expect(page.getByTestId('cart-line')).toHaveCount(10);
    await expect(page.getByText(`Total: $${formatDollars(TOTAL)}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart (10)' })).toBeVisible();
    await page.getByLabel('Phone Number').fill('+1 555 0142');
    await fillNewAddress(page.locator('form', { has: page.getByRole('button', { name: 'Place order' }) }), { line1: '12 Service Lane', city: 'Portland', region: 'OR', postalCode: '97201' });
    // Oregon: no sales tax in the demo table, and the cheapest method (pickup) is free, so the goods are the total.
    await page.getByLabel('PO number (optional)').fill(`PO-${run}`);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Place order' }).click();

    // One payment for the whole order.
    await expect(page).toHaveURL(/\/dashboard\/payment\/\d+$/);
    const orderId = page.url().split('/').pop()!;
    await expect(page.getByText(`Please pay: $${legacyDollars(TOTAL)}`)).toBeVisible();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Cart/ })).toHaveText('Cart');

    // My Orders: the invoice, as a PDF with the order's facts.
    await page.goto('/dashboard/myOrders');
    const row = page.getByTestId(`order-${orderId}`);
    const order = orderSchema.parse(await (await request.get(`/api/order/${orderId}`, { headers: { Authorization: `Bearer ${adminToken}` } })).json());
    expect(order.lines).toHaveLength(10);
    expect(order.invoiceNumber).toMatch(/^INV-\d{6}$/);
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: `Invoice ${order.invoiceNumber}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`invoice-${order.invoiceNumber}.pdf`);
    const text = execFileSync('/usr/bin/pdftotext', ['-layout', (await file.path())!, '-']).toString();
    for (const fact of [order.invoiceNumber!, `PO-${run}`, PARTS[0]!.sku, PARTS[9]!.sku, `$${TOTAL.toLocaleString('en-US')}.00`, 'Wren Workshop']) expect(text).toContain(fact);
    expect(readFileSync((await file.path())!).subarray(0, 5).toString()).toBe('%PDF-');

    // Order again: the same parts and quantities back in the cart, in one click.
    await row.getByRole('button', { name: `Order again: the parts of order ${orderId}` }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line')).toHaveCount(10);
    await expect(page.getByText(`Total: $${formatDollars(TOTAL)}`)).toBeVisible();

    // The admin ships it.
    await signInWithToken(page, await apiLogin(request, ADMIN));
    await page.goto('/dashboard/manage-orders');
    const paid = page.getByTestId(`order-${orderId}`);
    await expect(paid).toContainText(`PO PO-${run}`);
    await paid.getByRole('button', { name: 'Deliver' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deliver order' }).click();
    await expect(paid.getByRole('cell').nth(5)).toHaveText('Shipped');
  });
});
