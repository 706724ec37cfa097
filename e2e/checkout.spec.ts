import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { z } from 'zod';
import { type Product, productSchema } from '../src/shared/api.js';
import { formatDollars, legacyDollars } from '../src/shared/format.js';
import { ADMIN, apiLogin, apiRegister, newestMail, signInWithToken, uniqueEmail } from './helpers.js';

/** Issue 60's story, on a desk and on a phone: an estimate for visitors, an address book, a checkout with shipping and tax. */
const SCREENS = [
  { name: 'on a desktop', use: { viewport: { width: 1366, height: 900 } } },
  { name: 'on a phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

const VT = { line1: '1 Church St', city: 'Burlington', region: 'VT', postalCode: '05401' };
const IL = { line1: '9 Depot Rd', city: 'Springfield', region: 'IL', postalCode: '62701' };

/** A part sold one by one from a single unit (the demo parts start at 10 or more), with its shipping weight. */
async function newPart(request: APIRequestContext, name: string, price: number, weightGrams: number): Promise<Product> {
  const admin = await apiLogin(request, ADMIN);
  const created = await request.post('/api/products', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { name, description: `${name} for the checkout story`, price: String(price), stock: '50', min: '1', img: '/images/products/tire.svg', weightGrams },
  });
  expect(created.status(), await created.text()).toBe(201);
  return productSchema.parse(await created.json());
}

async function saveAddress(page: Page, name: string, address: typeof VT) {
  const form = page.getByRole('form', { name: 'Add an address' });
  await form.getByLabel('Recipient name').fill(name);
  await form.getByLabel('Street and number').fill(address.line1);
  await form.getByLabel('City').fill(address.city);
  await form.getByLabel('State or region').selectOption(address.region);
  await form.getByLabel('Postal code').fill(address.postalCode);
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText(`${address.line1}, ${address.city}, ${address.region} ${address.postalCode}, US`)).toBeVisible();
}

const totalOf = (scope: Locator) => scope.getByTestId('quote-total');

/**
 * The checkout's order, as every view and document must show it: $80.00 + $50.00 goods, Express $32.00,
 * Vermont 6 % per line ($4.80 + $3.00) and on shipping ($1.92) = $9.72, total $171.72.
 */
const CHARGED = [
  ['Subtotal', '$130.00'],
  ['Shipping (Express)', '$32.00'],
  ['Vermont sales tax (6%)', '$9.72'],
  ['Total', '$171.72'],
] as const;

/** An order view's breakdown (OrderCharges: `charge-*` rows; its folded summary: `summary-*`). */
async function expectCharged(scope: Locator, prefix: 'charge' | 'summary') {
  const rows = ['subtotal', 'shipping', 'tax-line', 'total'];
  for (const [i, [label, amount]] of CHARGED.entries()) await expect(scope.getByTestId(`${prefix}-${rows[i]}`)).toHaveText(`${label}${amount}`);
}

for (const screen of SCREENS) {
  test.describe(`checkout with shipping and tax ${screen.name}`, () => {
    test.use(screen.use);

    test('a visitor estimates shipping and tax for 3 units to 05401, US-VT on a part page', async ({ page, request }) => {
      const part = await newPart(request, `Estimate Bracket ${Date.now()}`, 40, 1500);
      await page.goto(`/parts/${encodeURIComponent(part.sku)}`);
      await page.getByLabel('Quantity').fill('3');
      const estimate = page.getByRole('region', { name: 'Estimate shipping and tax' });
      await estimate.getByLabel('State or region').selectOption('VT');
      await estimate.getByLabel('Postal code').fill('05401');
      // 3 × $40.00 = $120.00, 4.5 kg: pickup $0.00 (the cheapest), Ground $11.00 (up to 5 kg), Express $32.00;
      // Vermont 6 % of $120.00 = $7.20, total $127.20.
      await expect(estimate.getByText('Cheapest shipping: $0.00')).toBeVisible();
      const methods = estimate.getByRole('list', { name: 'Shipping methods' });
      await expect(methods).toContainText('Ground freight: $11.00, 3–6 business days');
      await expect(methods).toContainText('Express: $32.00, 1–2 business days');
      await expect(estimate.getByText('Goods subtotal').locator('xpath=following-sibling::dd[1]')).toHaveText('$120.00');
      await expect(estimate.getByText('Vermont sales tax (6 %)').locator('xpath=following-sibling::dd[1]')).toHaveText('$7.20');
      await expect(totalOf(estimate)).toHaveText('$127.20');
    });

    test('a buyer saves two addresses, checks out to one, picks Express over Ground, pays, and the payment page, My Orders, the invoice, the e-mail and Manage Orders agree to the cent', async ({ page, request }) => {
      test.setTimeout(120_000);
      const email = uniqueEmail('checkout');
      const token = await apiRegister(request, 'Bea Buyer', email);
      await signInWithToken(page, token);
      const bracket = await newPart(request, `Checkout Bracket ${Date.now()}`, 40, 1500);
      const clip = await newPart(request, `Checkout Clip ${Date.now()}`, 25, 500);
      const lines = [
        { productId: bracket._id, quantity: 2 },
        { productId: clip._id, quantity: 2 },
      ];

      // The address book: two addresses, the first the default.
      await page.goto('/dashboard/addresses');
      await saveAddress(page, 'Bea Buyer', VT);
      await saveAddress(page, 'Bea at the depot', IL);

      // The cart, then its checkout: the default address chosen, Ground then Express.
      const cart = await page.request.put('/api/cart', { headers: { Authorization: `Bearer ${token}` }, data: { lines } });
      expect(cart.status(), await cart.text()).toBe(200);
      await page.goto('/cart');
      const checkout = page.locator('form', { has: page.getByRole('button', { name: 'Place order' }) });
      await expect(checkout.getByRole('radio', { name: /1 Church St, Burlington, VT 05401, US/ })).toBeChecked();
      await checkout.getByLabel('Phone Number').fill('+1 555 0160');
      // $80.00 + $50.00 = $130.00, 4 kg. Ground $11.00: 6 % of $141.00 = $8.46, total $149.46.
      await checkout.getByRole('radio', { name: /^Ground freight: \$11\.00/ }).check();
      await expect(totalOf(checkout)).toHaveText('$149.46');
      // Express $32.00: 6 % of $162.00 = $9.72, total $171.72.
      await checkout.getByRole('radio', { name: /^Express: \$32\.00/ }).check();
      await expect(totalOf(checkout)).toHaveText('$171.72');
      await checkout.getByRole('button', { name: 'Place order' }).click();

      // The payment page asks for the total quoted, and the card pays it.
      await expect(page).toHaveURL(/\/dashboard\/payment\/\d+$/);
      const orderId = page.url().split('/').pop()!;
      const order = await page.request.get(`/api/order/${orderId}`, { headers: { Authorization: `Bearer ${token}` } });
      const placed = z.object({ subtotal: z.number(), shipping: z.number(), tax: z.number(), total: z.number(), shippingMethod: z.object({ id: z.string() }).nullable() }).parse(await order.json());
      expect(placed).toMatchObject({ subtotal: 130, shipping: 32, tax: 9.72, total: 171.72, shippingMethod: { id: 'express' } });
      await expect(page.getByText(`Please pay: $${legacyDollars(placed.total)}`)).toBeVisible();
      await expectCharged(page.getByTestId('order-charges'), 'charge');
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry').fill('12 / 34');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();

      // My Orders: the total, the same breakdown under it, and the invoice with the same figures.
      await page.goto('/dashboard/myOrders');
      const mine = page.getByTestId(`order-${orderId}`);
      await expect(mine).toContainText(`$${formatDollars(placed.total)}`);
      await mine.getByText('Subtotal, shipping and tax').click();
      await expectCharged(mine.getByTestId('order-charges-summary'), 'summary');
      const invoiceNumber = z.object({ invoiceNumber: z.string() }).parse(await (await page.request.get(`/api/order/${orderId}`, { headers: { Authorization: `Bearer ${token}` } })).json()).invoiceNumber;
      const download = page.waitForEvent('download');
      await mine.getByRole('button', { name: `Invoice ${invoiceNumber}` }).click();
      const invoice = execFileSync('/usr/bin/pdftotext', ['-layout', (await (await download).path())!, '-']).toString();
      for (const [label, amount] of CHARGED) expect(invoice).toMatch(new RegExp(`${label.replace(/[()]/g, '\\$&')}.*${amount.slice(1).replace('.', '\\.')}`));

      // The paid e-mail lists the same figures, a line each.
      const mail = await newestMail(email, /^Payment received for order/);
      for (const [label, amount] of CHARGED) expect(mail.text).toContain(`${label}: ${amount}`);

      // Manage Orders: the admin sees the same breakdown, where it goes and how.
      await signInWithToken(page, await apiLogin(request, ADMIN));
      await page.goto('/dashboard/manage-orders');
      const managed = page.getByTestId(`order-${orderId}`);
      await managed.getByText('Subtotal, shipping and tax').click();
      const summary = managed.getByTestId('order-charges-summary');
      await expectCharged(summary, 'summary');
      await expect(summary.getByTestId('ship-to')).toContainText('1 Church St');
    });
  });
}
