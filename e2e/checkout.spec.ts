import { expect, test, type Locator, type Page } from '@playwright/test';
import { z } from 'zod';
import { productPageSchema } from '../src/shared/api.js';
import { quoteSchema } from '../src/shared/checkout-api.js';
import { formatMoney, legacyDollars, formatDollars } from '../src/shared/format.js';
import { dollarsToCents, percentOfCents } from '../src/shared/money.js';
import { apiRegister, signInWithToken, uniqueEmail } from './helpers.js';

/** Issue 60's story, on a desk and on a phone: an estimate for visitors, an address book, a checkout with shipping and tax. */
const SCREENS = [
  { name: 'on a desktop', use: { viewport: { width: 1366, height: 900 } } },
  { name: 'on a phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

const VT = { line1: '1 Church St', city: 'Burlington', region: 'VT', postalCode: '05401' };
const IL = { line1: '9 Depot Rd', city: 'Springfield', region: 'IL', postalCode: '62701' };

/** Parts sold one by one from a single unit, in stock: any quantity from 1 up is one the shop takes. */
async function singleUnitParts(page: Page, count: number) {
  const answer = await page.request.get('/api/products?limit=100');
  const { items } = productPageSchema.parse(await answer.json());
  const parts = items.filter((item) => item.min === 1 && (item.packSize ?? 1) === 1 && item.stock >= 10 && item.price < 500);
  expect(parts.length).toBeGreaterThanOrEqual(count);
  return parts.slice(0, count);
}

/** Vermont's 6 % sales tax on goods and shipping (the demo tax table), half-up to the cent. */
const vermontTotal = (subtotal: number, shipping: number) => {
  const base = dollarsToCents(subtotal) + dollarsToCents(shipping);
  return (base + percentOfCents(base, 6)) / 100;
};

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

for (const screen of SCREENS) {
  test.describe(`checkout with shipping and tax ${screen.name}`, () => {
    test.use(screen.use);

    test('a visitor estimates shipping and tax for 3 units to 05401, US-VT on a part page', async ({ page }) => {
      const [part] = await singleUnitParts(page, 1);
      await page.goto(`/parts/${encodeURIComponent(part!.sku)}`);
      await page.getByLabel('Quantity').fill('3');
      const estimate = page.getByRole('region', { name: 'Estimate shipping and tax' });
      await estimate.getByLabel('State or region').selectOption('VT');
      await estimate.getByLabel('Postal code').fill('05401');
      await expect(estimate.getByText(/^Cheapest shipping: \$/)).toBeVisible();
      // The figures are the shop's: the quote the server gives anyone for the same request.
      const answer = await page.request.post('/api/checkout/quote', {
        data: { lines: [{ productId: part!._id, quantity: 3 }], shippingAddress: { country: 'US', region: 'VT', postalCode: '05401' } },
      });
      const quote = quoteSchema.parse(await answer.json());
      expect(quote.subtotal).toBe((dollarsToCents(part!.price) * 3) / 100);
      expect(quote.total).toBe(vermontTotal(quote.subtotal, quote.shipping));
      await expect(estimate.getByText(`Cheapest shipping: ${formatMoney(Math.min(...quote.methods.map((method) => method.price)))}`)).toBeVisible();
      await expect(estimate.getByRole('list', { name: 'Shipping methods' }).getByRole('listitem')).toHaveCount(quote.methods.length);
      await expect(totalOf(estimate)).toHaveText(formatMoney(quote.total));
      await expect(estimate.getByText('Vermont sales tax (6 %)')).toBeVisible();
    });

    test('a buyer saves two addresses, checks out to one, picks Express over Ground, pays, and My Orders says the total', async ({ page, request }) => {
      test.setTimeout(120_000);
      const email = uniqueEmail('checkout');
      const token = await apiRegister(request, 'Bea Buyer', email);
      await signInWithToken(page, token);
      const parts = await singleUnitParts(page, 2);
      const lines = parts.map((part, index) => ({ productId: part._id, quantity: index + 2 }));

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
      await checkout.getByRole('radio', { name: /^Ground freight: / }).check();
      const groundTotal = await totalOf(checkout).textContent();
      await checkout.getByRole('radio', { name: /^Express: / }).check();
      await expect(totalOf(checkout)).not.toHaveText(groundTotal!);
      const quoted = z.string().parse(await totalOf(checkout).textContent());
      await checkout.getByRole('button', { name: 'Place order' }).click();

      // The payment page asks for the total quoted, and the card pays it.
      await expect(page).toHaveURL(/\/dashboard\/payment\/\d+$/);
      const orderId = page.url().split('/').pop()!;
      const order = await page.request.get(`/api/order/${orderId}`, { headers: { Authorization: `Bearer ${token}` } });
      const placed = z.object({ subtotal: z.number(), shipping: z.number(), tax: z.number(), total: z.number(), shippingMethod: z.object({ id: z.string() }).nullable() }).parse(await order.json());
      expect(placed.shippingMethod?.id).toBe('express');
      expect(formatMoney(placed.total)).toBe(quoted);
      expect(placed.total).toBe(vermontTotal(placed.subtotal, placed.shipping));
      await expect(page.getByText(`Please pay: $${legacyDollars(placed.total)}`)).toBeVisible();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry').fill('12 / 34');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();

      // My Orders: this branch shows the order's total (what was charged); the breakdown columns are other work.
      await page.goto('/dashboard/myOrders');
      await expect(page.getByText(`$${formatDollars(placed.total)}`).first()).toBeVisible();
    });
  });
}
