import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { orderSchema, productSchema, type Product } from '../src/shared/api.js';
import { ADMIN, apiLogin, apiRegister, fillNewAddress, linkIn, newestMail, signInWithToken, uniqueEmail } from './helpers.js';

/**
 * Issue 63's story (its Done-when), through the browser wherever a person acts: a workshop applies for a trade
 * account, staff approve it with a price list, its admin invites a buyer with a $500 limit, the buyer sees
 * "Your price" on the cards and in the cart, places a $320 order (straight to payment) and an $896 one (over
 * the limit: it waits, the admin's e-mail arrives, the admin approves it, the buyer pays), and the company's
 * admin sees both orders.
 *
 * The figures: a part of this run at $40.00, $32.00 on the company's price list. Delivered to Oregon, which has
 * no rate in the demo tax table, with the cheapest method (pickup at the factory, $0), so the goods are the
 * total: 10 × $32.00 = $320.00 (under $500) and 28 × $32.00 = $896.00 (over it).
 */

const OREGON = { line1: '12 Service Lane', city: 'Portland', region: 'OR', postalCode: '97201' };

/** The part (set-up no one clicks): $40.00, plenty in stock, sold one by one, light. */
async function newPart(request: APIRequestContext, adminToken: string, name: string): Promise<Product> {
  const created = await request.post('/api/products', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { name, description: `${name} for the trade account story`, price: '40', stock: '100', min: '1', img: '/images/products/tire.svg', weightGrams: 100 },
  });
  expect(created.status(), await created.text()).toBe(201);
  return productSchema.parse(await created.json());
}

/** The price list (set-up too): the part at $32.00. */
async function newPriceList(request: APIRequestContext, adminToken: string, id: string, name: string, part: Product) {
  const saved = await request.put(`/api/admin/price-lists/${id}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { name, prices: [{ productId: Number(part._id), price: 32 }] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function orderAsSeenBy(page: Page, token: string, orderId: string) {
  const answer = await page.request.get(`/api/order/${orderId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status(), await answer.text()).toBe(200);
  return orderSchema.parse(await answer.json());
}

/** The buyer's cart: the part's page, a quantity, Add to cart; then the cart shows the member's price. */
async function putInCart(page: Page, part: Product, quantity: number) {
  await page.goto(`/parts/${encodeURIComponent(part.sku)}`);
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill(String(quantity));
  const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/cart' && response.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  expect((await saved).status()).toBe(200);
  await page.goto('/cart');
}

/** Checks out the cart to Oregon and answers the order's id (the payment page's address). */
/** Places the cart's order; a payable one opens its payment page, one awaiting approval its order page. */
async function checkOut(page: Page, expectedTotal: string, opens: 'payment' | 'orders' = 'payment'): Promise<string> {
  const checkout = page.locator('form', { has: page.getByRole('button', { name: 'Place order' }) });
  await checkout.getByLabel('Phone Number').fill('+1 555 0163');
  await fillNewAddress(checkout, OREGON);
  await expect(checkout.getByTestId('quote-total')).toHaveText(expectedTotal);
  await checkout.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${opens}/\\d+$`));
  return page.url().split('/').pop()!;
}

async function payByCard(page: Page, amount: string) {
  await expect(page.getByText(`Please pay: $${amount}`)).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
}

// A step that cannot happen fails in seconds rather than at the test's end.
test.use({ actionTimeout: 20_000 });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a workshop gets a trade account: staff approve it with a price list, its buyer orders at its prices within a $500 limit, an order over it waits for the admin, and the admin sees both', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const companyName = `Wren Workshop ${run}`;
  const listName = `Workshops ${run}`;
  const adminToken = await apiLogin(request, ADMIN);
  const part = await newPart(request, adminToken, `Trade Bracket ${run}`);
  await newPriceList(request, adminToken, `workshops-${run}`, listName, part);

  const ownerEmail = uniqueEmail('trade-owner');
  const ownerToken = await apiRegister(request, 'Olive Owner', ownerEmail);
  const buyerEmail = uniqueEmail('trade-buyer');
  const buyerToken = await apiRegister(request, 'Bo Buyer', buyerEmail);

  // 1. The workshop's owner applies through the Trade account menu.
  await signInWithToken(page, ownerToken);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Trade account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/company$/);
  const apply = page.getByRole('form', { name: 'Apply for a trade account' });
  await expect(page.getByRole('heading', { name: 'Apply for a trade account' })).toBeVisible();
  await apply.getByLabel('Company name').fill(companyName);
  await apply.getByLabel('Phone', { exact: true }).fill('+1 503 555 0100');
  await apply.getByLabel('Tax exemption certificate').fill(`OR-RESALE-${run}`);
  const address = apply.getByRole('group', { name: 'Company address' });
  await address.getByLabel('Recipient name').fill('Olive Owner');
  await address.getByLabel('Street and number').fill(OREGON.line1);
  await address.getByLabel('City').fill(OREGON.city);
  await address.getByLabel('State or region').selectOption(OREGON.region);
  await address.getByLabel('Postal code').fill(OREGON.postalCode);
  await apply.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Your application is being reviewed.')).toBeVisible();

  // 2. Staff approve it from Companies (pending by default) with the price list.
  await signInWithToken(page, adminToken);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Companies', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/companies/);
  const row = page.getByRole('row').filter({ hasText: companyName });
  await expect(row).toContainText(ownerEmail);
  await expect(row).toContainText(`Certificate OR-RESALE-${run}`);
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Approve' }).click();
  const decision = page.getByRole('dialog', { name: `Approve ${companyName}` });
  await decision.getByLabel('Price list').selectOption({ label: listName });
  await decision.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Company approved')).toBeVisible();
  await expect(row).toHaveCount(0);

  // 3. The owner, now the company's admin, invites a buyer with a $500 limit.
  await signInWithToken(page, ownerToken);
  await page.goto('/dashboard/company');
  await expect(page.getByTestId('my-role')).toHaveText('Your role: Admin');
  const invite = page.getByRole('form', { name: 'Invite a colleague' });
  await invite.getByLabel('E-mail').fill(buyerEmail);
  await invite.getByLabel('Role').selectOption({ label: 'Buyer' });
  await invite.getByLabel('Spending limit ($)').fill('500');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent')).toBeVisible();

  // 4. The buyer follows the invitation's link and joins.
  const invitation = await newestMail(buyerEmail, new RegExp(`^You are invited to buy for ${escape(companyName)} – Partsmith$`));
  await signInWithToken(page, buyerToken);
  await page.goto(linkIn(invitation, '/company/join'));
  await expect(page.getByRole('heading', { name: 'Join a trade account' })).toBeVisible();
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page.getByText(`You joined ${companyName}`)).toBeVisible();
  await page.goto('/dashboard/company');
  await expect(page.getByTestId('my-role')).toHaveText('Your role: Buyer');
  await expect(page.getByTestId('my-limit')).toHaveText('Your spending limit per order: $500.00');

  // 5. "Your price" on the part's card in the catalogue: the public $40 struck through, then $32.
  await page.goto('/allProducts');
  await page.getByLabel('Search products by name or part number').fill(part.name);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: part.name, exact: true }) });
  await expect(card.getByTestId('public-price')).toHaveText('$40');
  await expect(card.locator('s', { hasText: '$40' })).toBeVisible();
  await expect(card.getByTestId('your-price')).toHaveText('Your price: $32 (per unit)');

  // 6. The first order, 10 units: $320.00, under the limit, so it goes to payment and is paid.
  await putInCart(page, part, 10);
  const line = page.getByTestId('cart-line');
  await expect(line.getByTestId('your-price-label')).toHaveText('Your price:');
  await expect(line.getByTestId('list-price')).toHaveText('$40.00');
  await expect(line.getByTestId('unit-price')).toHaveText('$32.00 each');
  await expect(line.getByTestId('line-total')).toContainText('$320.00');
  const firstId = await checkOut(page, '$320.00');
  const first = await orderAsSeenBy(page, buyerToken, firstId);
  expect(first).toMatchObject({ subtotal: 320, shipping: 0, tax: 0, total: 320, status: 'not paid' });
  await payByCard(page, '320');

  // 7. The second, 28 units: $896.00, over the $500 limit: it waits for the company's approval.
  await putInCart(page, part, 28);
  await expect(page.getByTestId('cart-line').getByTestId('line-total')).toContainText('$896.00');
  const secondId = await checkOut(page, '$896.00', 'orders');
  const second = await orderAsSeenBy(page, buyerToken, secondId);
  expect(second).toMatchObject({ total: 896, status: 'awaiting approval' });
  await expect(page.getByText('Awaiting approval', { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Waiting for your company's approval")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay now' })).toHaveCount(0);

  // 8. The company's admin gets the e-mail, opens Company orders and approves it.
  const awaiting = await newestMail(ownerEmail, new RegExp(`^Order ${escape(second.number)} waits for your approval – Partsmith$`));
  expect(awaiting.text).toContain('Bo Buyer');
  expect(awaiting.text).toContain('$896.00');
  await signInWithToken(page, ownerToken);
  await page.goto('/dashboard/company');
  await page.getByRole('link', { name: 'Company orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/company\/orders$/);
  await page.getByRole('button', { name: `Approve ${second.number}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Please confirm' });
  await expect(confirm).toContainText(`Approve order ${second.number} of Bo Buyer ($896.00)?`);
  await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText(`Order ${second.number} is approved`)).toBeVisible();

  // 9. The buyer's order is payable now: Pay now, and the card pays $896.
  await signInWithToken(page, buyerToken);
  await page.goto(`/dashboard/orders/${secondId}`);
  await expect(page.getByText("Waiting for your company's approval")).toHaveCount(0);
  await page.getByRole('link', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${secondId}$`));
  await payByCard(page, '896');

  // 10. The company's admin sees both orders, paid.
  await signInWithToken(page, ownerToken);
  await page.goto('/dashboard/company/orders');
  for (const [order, total] of [
    [first, '$320.00'],
    [second, '$896.00'],
  ] as const) {
    const listed = page.getByTestId(`company-order-${order.number}`);
    await expect(listed).toContainText(order.number);
    await expect(listed).toContainText(buyerEmail);
    await expect(listed).toContainText(total);
    await expect(listed).toContainText('Paid – preparing shipment');
  }
});
