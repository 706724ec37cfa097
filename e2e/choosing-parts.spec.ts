import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { productSchema, type Product } from '../src/shared/api.js';
import { reviewModerationCopy } from '../src/shared/back-office-copy.js';
import { ADMIN, apiLogin, approveReviewThroughApi, apiPlaceOrder, apiRegister, expectNoHorizontalScroll, newestMail, payOrderThroughApi, signInWithToken, uniqueEmail } from './helpers.js';

// A word of this run in every name keeps the demo catalog and earlier runs out of the view.
const run = `cp${Date.now().toString(36)}`;
const RUN = run.toUpperCase();

async function addPart(request: APIRequestContext, token: string, part: { name: string; sku: string; category: string; stock: number; min: number }): Promise<Product> {
  const response = await request.post('/api/products', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...part, description: `${part.name}, for the choosing-parts story.`, price: 80, img: '/images/products/alternator.svg' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return productSchema.parse(await response.json());
}

/** A buyer who bought the part (or not) and reviewed it, through the API. */
async function reviewer(request: APIRequestContext, part: Product, name: string, bought: boolean, rating: number) {
  const comment = `${name} says it fits as listed.`;
  const token = await apiRegister(request, name, uniqueEmail('reviewer'));
  if (bought) {
    const order = await apiPlaceOrder(request, token, { productId: part._id, quantity: 1, phone: '5550100', address: 'Dock 4' });
    await payOrderThroughApi(request, token, order._id);
  }
  const response = await request.post(`/api/products/${part._id}/reviews`, { headers: { Authorization: `Bearer ${token}` }, data: { rating, title: `${name} rates it`, comment } });
  expect(response.status(), await response.text()).toBe(201);
  await approveReviewThroughApi(request, comment);
}

/** Types into the catalog's search box from the keyboard. */
async function typeSearch(page: Page, text: string) {
  await page.goto('/allProducts');
  // Once the page has its catalog (a box typed into while it loads may be drawn anew).
  // (On a phone the categories are in the Filters sheet; its button says the same.)
  await expect(page.getByRole('radio', { name: /All categories/ }).or(page.getByRole('button', { name: /^Filters/ })).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const box = page.getByRole('combobox', { name: 'Search products by name or part number' });
  await box.focus();
  await page.keyboard.type(text);
  await expect(box).toHaveValue(text);
  // The pause after typing writes the search to the address.
  await expect(page).toHaveURL(/[?&]q=/);
  return box;
}

test.describe('choosing the right part', () => {
  let adminToken = '';
  let alternator: Product;
  let disc: Product;
  let hose: Product;

  test.beforeAll(async ({ request }) => {
    adminToken = await apiLogin(request, ADMIN);
    alternator = await addPart(request, adminToken, { name: `Alternator ${run}`, sku: `${RUN}-1`, category: 'electrical', stock: 100, min: 1 });
    disc = await addPart(request, adminToken, { name: `Brake Disc ${run}`, sku: `${RUN}-2`, category: 'brakes', stock: 100, min: 1 });
    hose = await addPart(request, adminToken, { name: `Radiator Hose ${run}`, sku: `${RUN}-3`, category: 'cooling', stock: 5, min: 5 });
    const soldOut = await request.patch(`/api/products/${hose._id}`, { headers: { Authorization: `Bearer ${adminToken}` }, data: { stock: 0 } });
    expect(soldOut.status()).toBe(200);
    const synonyms = await request.put('/api/admin/search/synonyms', { headers: { Authorization: `Bearer ${adminToken}` }, data: { groups: [['rotor', 'brake disc']] } });
    expect(synonyms.status(), await synonyms.text()).toBe(200);
    await reviewer(request, alternator, 'Nora Unverified', false, 3);
    await reviewer(request, alternator, 'Vic Verified', true, 5);
    await reviewer(request, alternator, 'Una Unverified', false, 4);
  });

  test('finds parts forgivingly, reads and writes verified reviews, is told of a restock once, and reorders a saved list in one step', async ({ page, request }) => {
    const email = uniqueEmail('buyer');
    const token = await apiRegister(request, 'Wes Workshop', email);
    await signInWithToken(page, token);

    // "alternater": offered Alternator as one types, taken with the keyboard.
    const box = await typeSearch(page, `alternater ${run}`);
    const option = page.getByRole('option', { name: new RegExp(`Alternator ${run}`) });
    await expect(option).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/parts/${RUN}-1$`));

    // Its reviews, the verified one first.
    const reviews = page.getByRole('region', { name: 'Reviews of this part' });
    await expect(reviews.getByText('4.0 out of 5 (3 reviews)')).toBeVisible();
    const items = reviews.getByRole('listitem').filter({ hasText: 'rates it' });
    await expect(items.first()).toContainText('Vic Verified');
    await expect(items.first()).toContainText('Verified purchase');

    // Buys it, then reviews it: verified.
    const order = await apiPlaceOrder(request, token, { productId: alternator._id, quantity: 2, phone: '5550100', address: 'Bay 2' });
    await payOrderThroughApi(request, token, order._id);
    await page.reload();
    await page.getByLabel('Rating', { exact: true }).selectOption('4');
    await page.getByLabel('Title').fill('Solid output');
    await page.getByLabel('Your review').fill('Charging fine after a month.');
    await page.getByRole('button', { name: 'Post review' }).press('Enter');
    // Held for approval (REVIEW_MODERATION=before): listed once an admin approves it.
    await expect(page.getByText(reviewModerationCopy.postedPending)).toBeVisible();
    await approveReviewThroughApi(request, 'Charging fine after a month.');
    await page.reload();
    await expect(reviews.getByRole('listitem').filter({ hasText: 'Solid output' })).toContainText('Verified purchase');

    // "rotor" finds the brake discs (the staff's synonym).
    await typeSearch(page, `rotor ${run}`);
    await expect(page.getByRole('article').getByRole('heading', { name: disc.name })).toBeVisible();

    // An alert on a part out of stock; staff restock it; the e-mail arrives once.
    await page.goto(`/parts/${hose.sku}`);
    await page.getByRole('button', { name: 'E-mail me when it is back' }).click();
    await expect(page.getByText('You asked to be told when this part is back in stock.')).toBeVisible();
    for (const quantity of [20, 20]) {
      const restock = await request.post(`/api/products/${hose._id}/restock`, { headers: { Authorization: `Bearer ${adminToken}` }, data: { quantity } });
      expect(restock.status()).toBe(200);
    }
    const mail = await newestMail(email, /back in stock/);
    expect(mail.text).toContain(`Radiator Hose ${run} (${RUN}-3) can be ordered again`);
    const all = (await (await fetch(`http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT ?? '4314'}/messages?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[];
    expect(all.filter((m) => /back in stock/.test(m.subject))).toHaveLength(1);

    // The cart saved as a list; a month later, the list back in the cart in one step.
    // A signed-in buyer's cart is the account's, kept by the shop (PUT /api/cart).
    const cartOf = (lines: { productId: string; quantity: number }[]) => request.put('/api/cart', { headers: { Authorization: `Bearer ${token}` }, data: { lines } });
    expect((await cartOf([{ productId: alternator._id, quantity: 4 }, { productId: disc._id, quantity: 2 }])).ok()).toBe(true);
    await page.goto('/cart');
    await page.getByLabel('List name').fill('Monthly brake service');
    await page.getByRole('button', { name: 'Save cart as a list' }).click();
    await expect(page.getByText('Saved as the list "Monthly brake service".')).toBeVisible();
    expect((await cartOf([])).ok()).toBe(true);
    await page.goto('/dashboard/lists');
    await page.getByRole('button', { name: 'Add all to cart: Monthly brake service' }).click();
    await expect(page.getByText("2 parts added to the cart at today's prices.")).toBeVisible();
    await expect
      .poll(async () => ((await (await request.get('/api/cart', { headers: { Authorization: `Bearer ${token}` } })).json()) as { lines: { productId: string; quantity: number }[] }).lines.map(({ productId, quantity }) => ({ productId, quantity })))
      .toEqual([{ productId: alternator._id, quantity: 4 }, { productId: disc._id, quantity: 2 }]);

    // The list kept up to date: one more disc from the cart, then the alternators taken off by hand.
    expect((await cartOf([{ productId: disc._id, quantity: 1 }])).ok()).toBe(true);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Add to an existing list' }).click();
    await page.getByLabel('Your list').selectOption({ label: 'Monthly brake service' });
    await page.getByRole('button', { name: 'Add cart to list' }).click();
    await expect(page.getByText('1 part from the cart added to the list "Monthly brake service".')).toBeVisible();
    await page.goto('/dashboard/lists');
    await page.getByRole('button', { name: 'Open list: Monthly brake service' }).click();
    const editor = page.getByRole('dialog');
    await expect(editor.getByLabel(`Quantity of ${disc.name}`)).toHaveValue('3');
    await editor.getByRole('button', { name: `Remove ${alternator.name}` }).click();
    await editor.getByRole('button', { name: 'Save list' }).click();
    await expect(page.getByText('The list "Monthly brake service" is saved.')).toBeVisible();
    const lists = (await (await request.get('/api/lists', { headers: { Authorization: `Bearer ${token}` } })).json()) as { name: string; id: string }[];
    const saved = lists.find((list) => list.name === 'Monthly brake service')!;
    const lines = ((await (await request.get(`/api/lists/${saved.id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { lines: { productId: string; quantity: number }[] }).lines;
    expect(lines.map(({ productId, quantity }) => ({ productId, quantity }))).toEqual([{ productId: disc._id, quantity: 3 }]);
  });

  test('on a 390 px phone: suggestions, reviews and lists fit the screen', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const token = await apiRegister(request, 'Pia Phone', uniqueEmail('phone'));
    await signInWithToken(page, token);
    await typeSearch(page, `alternater ${run}`);
    await expect(page.getByRole('option', { name: new RegExp(`Alternator ${run}`) })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.goto(`/parts/${alternator.sku}`);
    await expect(page.getByRole('region', { name: 'Reviews of this part' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    const made = await request.post('/api/lists', { headers: { Authorization: `Bearer ${token}` }, data: { name: 'Phone list', lines: [{ productId: alternator._id, quantity: 2 }] } });
    expect(made.status(), await made.text()).toBe(201);
    await page.goto('/dashboard/lists');
    await expect(page.getByRole('heading', { name: 'My parts lists' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'Open list: Phone list' }).click();
    await expect(page.getByRole('dialog').getByLabel(`Quantity of ${alternator.name}`)).toHaveValue('2');
    await expectNoHorizontalScroll(page);
  });
});
