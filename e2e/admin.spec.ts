import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { orderSchema, productSchema, reviewSchema } from '../src/shared/api.js';
import {
  E2E_ADDRESS,
  ADMIN,
  apiLogin,
  apiRegister,
  approveReviewThroughApi,
  expectNoSeriousA11yViolations,
  findProduct,
  saveScreenshot,
  payOrderThroughApi,
  rowAction,
  signInWithToken,
  uniqueEmail,
} from './helpers.js';

async function signInAsAdmin(page: Page, request: Parameters<typeof apiLogin>[0]) {
  await signInWithToken(page, await apiLogin(request, ADMIN));
}

test.describe('an admin', () => {
  test('sees the admin menu, the contact messages and an accessible dashboard', async ({ page, request }) => {
    await request.post('/api/contact', { data: { email: 'reader@example.com', message: 'A message for the admin (e2e)' } });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('User logged in successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to your Dashboard' })).toBeVisible();
    // The admin lands on the staff home (issue 62); the menu groups the back office apart from the admin's own account.
    await expect(page.getByRole('heading', { name: 'Staff home' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link')).toHaveText([
      'Staff home',
      // Its pill counts the unread messages (the one above at least).
      /^Inbox/,
      'Manage Products',
      'Add New Product',
      'Manage All Orders',
      'Make Admin',
      'Import / Export',
      'Manage Reviews',
      'Sales Overview',
      // Its pill counts the demo's low parts.
      /^Low Stock/,
      'Shipping',
      'Tax',
      'Search Synonyms',
      'Returns',
      'Fitment quality',
      'Companies',
      'Price lists',
      'Mail preview',
      'My Profile',
      'My Orders',
      'Add a Reviews',
      'Address book',
      'Trade account',
    ]);
    await saveScreenshot(page, 'dashboard-admin');
    await expectNoSeriousA11yViolations(page);
    // The contact messages have a page of their own (issue 62).
    await page.goto('/dashboard/inbox');
    await expect(page.getByRole('heading', { name: 'Contact Messages' })).toBeVisible();
    await expect(page.getByText('A message for the admin (e2e)').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('adds a product (with validation) and removes it', async ({ page, request }) => {
    await signInAsAdmin(page, request);
    await page.goto('/dashboard/add-products');
    await expect(page.getByRole('heading', { name: 'Add a product' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Product' }).click();
    for (const message of [
      'Product Name is required',
      'Product Description is required',
      'Price is required',
      'Available Stock is required',
      'Minimum Order Quantity is required',
    ])
      await expect(page.getByText(message)).toBeVisible();
    // A category must be chosen (the picture may be left out: the shop's placeholder shows).
    await expect(page.locator('.field-error', { hasText: 'Choose a category' })).toBeVisible();
    await page.getByLabel('Category').selectOption({ label: 'Other Parts' });

    const name = `Oil Filter ${Date.now().toString(36)}`;
    await page.getByLabel('Product Name').fill(name);
    await page.getByLabel('Product Description').fill('Spin-on oil filter with anti-drain-back valve.');
    await page.getByLabel('Price ($ per unit)').fill('4.999');
    await page.getByLabel('Available Stock').fill('30');
    await page.getByLabel('Minimum Order Quantity').fill('40');
    await page.getByLabel('Product Image').fill('ftp://example.com/x.png');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Price must be a positive amount in dollars, at most two decimals')).toBeVisible();
    await expect(page.getByText('Minimum Order Quantity cannot be more than the Available Stock')).toBeVisible();
    await expect(page.getByText('Product Image must be an http(s) link or a path like /images/part.svg')).toBeVisible();

    await page.getByLabel('Price ($ per unit)').fill('4.75');
    await page.getByLabel('Available Stock').fill('300');
    await page.getByLabel('Minimum Order Quantity').fill('40');
    // A link whose picture does not load (404): said at once, and refused.
    await page.getByLabel('Product Image').fill('/images/products/no-such-part.svg');
    await expect(page.getByText('The picture at this link could not be loaded.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Preview of the product image' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Product Image must be a picture that loads: this link could not be loaded.')).toBeVisible();
    await expect(page.getByLabel('Product Name')).toHaveValue(name);
    await saveScreenshot(page, 'dashboard-add-product-dead-link', false);

    await page.getByLabel('Product Image').fill('/images/products/air-filter.svg');
    const preview = page.getByRole('img', { name: 'Preview of the product image' });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute('src', '/images/products/air-filter.svg');
    expect(await preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await saveScreenshot(page, 'dashboard-add-product-preview', false);
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText(`The Product ${name} is added successfully`)).toBeVisible();
    await expect(page.getByLabel('Product Name')).toHaveValue('');

    await page.goto('/allProducts');
    await page.getByLabel('Search products by name').fill(name);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByText('Price: $4.75 (per unit)')).toBeVisible();

    await page.goto('/dashboard/manage-products');
    const row = page.getByRole('row').filter({ hasText: name });
    // The original columns (docs/legacy-contract.md#screen-text): image, name, stock, price and Remove (in the row's
    // Actions menu), with the part number (generated), category, status and the other actions.
    await expect(row.getByRole('cell')).toHaveText(['', /^PS-\d+$/, name, 'Other Parts', '$4.75', '300', 'active', /^Actions/]);
    await rowAction(row, `Remove ${name}`);
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Are you sure you want to remove ${name}? It has 300 units in stock`);
    await expect(confirm).not.toContainText('unpaid');
    await confirm.getByRole('button', { name: 'Remove product' }).click();
    await expect(page.getByText(`The Product ${name} with 300 units of stock is removed successfully!!!`)).toBeVisible();
    await expect(row).toHaveCount(0);
    const search = await request.get(`/api/products?limit=24&q=${encodeURIComponent(name)}`);
    expect(await search.json()).toEqual({ items: [], nextCursor: null, didYouMean: null });
  });

  test('cancels an unpaid order and delivers a paid one', async ({ page, request }) => {
    const radiator = await findProduct(request, 'Radiator');
    const customerEmail = uniqueEmail('fleet');
    const customerToken = await apiRegister(request, 'Pat Fleet', customerEmail);
    const place = async (quantity: number) => {
      const response = await request.post('/api/orders', {
        headers: { Authorization: `Bearer ${customerToken}` },
        data: { productId: radiator._id, quantity, phone: '+1 555 0123', shippingAddress: { ...E2E_ADDRESS, line1: '7 Depot Lane', city: 'Shelbyville' } },
      });
      expect(response.status(), await response.text()).toBe(201);
      return orderSchema.parse(await response.json())._id;
    };
    const unpaidId = await place(radiator.min);
    const paidId = await place(radiator.min + 1);
    // Paid the way the browser pays: a payment intent, the test processor's card confirmation, the PATCH.
    const transactionId = await payOrderThroughApi(request, customerToken, paidId);
    expect(transactionId).toMatch(/^pi_\w+$/);

    await signInAsAdmin(page, request);
    await page.goto('/dashboard/manage-orders');
    const unpaid = page.getByTestId(`order-${unpaidId}`);
    const paid = page.getByTestId(`order-${paidId}`);
    await expect(unpaid).toContainText('Pat Fleet');
    await expect(unpaid).toContainText(customerEmail);
    await expect(unpaid.getByRole('cell').nth(6)).toHaveText('Awaiting payment');
    await expect(paid.getByRole('cell').nth(5)).toHaveText('Paid – preparing shipment');
    await expect(paid.getByRole('cell').nth(6)).toHaveText(`Ship ${radiator.min + 1} of ${radiator.min + 1} units`);
    // SPEC's Cancel is for unpaid orders; a paid one that shipped nothing offers cancelling with its refund instead (in its menu).
    await expect(paid.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
    await paid.getByRole('button', { name: /^Actions for / }).click();
    await expect(paid.getByRole('menuitem', { name: 'Cancel and refund' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(paid.getByRole('menu')).toHaveCount(0);

    await unpaid.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Are you sure you want to remove the order of ${radiator.min} units of Radiator?`);
    await expect(confirm.getByRole('button', { name: 'Keep order' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByText(`The Order of ${radiator.min} units of Radiator is cancelled successfully!!!`)).toBeVisible();
    await expect(unpaid.getByRole('cell').nth(5)).toHaveText('Cancelled');

    const quantity = radiator.min + 1;
    await paid.getByRole('button', { name: 'Deliver' }).click();
    await expect(confirm).toContainText(`Are you sure you want to shipped the order of ${quantity} units of Radiator to Pat Fleet?`);
    await confirm.getByRole('button', { name: 'Deliver order' }).click();
    await expect(
      page.getByText(`Order of ${quantity} units of Radiator is shipped to Pat Fleet, 7 Depot Lane, Shelbyville, OR 97201, US successfully`),
    ).toBeVisible();
    await expect(paid.getByRole('cell').nth(5)).toHaveText('Shipped');
    await expect(paid.getByText('Delivered')).toBeVisible();
    await expect(paid.getByRole('cell').nth(6)).toHaveText('Nothing');
    await saveScreenshot(page, 'dashboard-manage-orders');

    // The paid order's history: placed → paid → shipped, with who did it.
    await rowAction(paid, 'History');
    const history = page.getByRole('dialog', { name: new RegExp(`History of order ${paidId}`) });
    await expect(history).toBeVisible();
    const events = history.getByTestId('history-event');
    await expect(events).toHaveCount(3);
    await expect(events.nth(0)).toContainText('placed: new → Awaiting payment');
    await expect(events.nth(0)).toContainText(`by Pat Fleet (${customerEmail}), customer`);
    await expect(events.nth(1)).toContainText('paid: Awaiting payment → Paid – preparing shipment');
    await expect(events.nth(1)).toContainText('by payment provider');
    await expect(events.nth(2)).toContainText('shipped: Paid – preparing shipment → Shipped');
    await expect(events.nth(2)).toContainText('by Demo Admin (admin@partsmith.example), admin');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'dashboard-order-history', false);
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();

    // The customer sees it as paid, with its transaction id, and no actions.
    await signInWithToken(page, customerToken);
    await page.goto('/dashboard/myOrders');
    const mine = page.getByTestId(`order-${paidId}`);
    await expect(mine).toContainText('paid');
    await expect(mine).toContainText(`Transaction ID: ${transactionId}`);
    await expect(mine.getByRole('button')).toHaveText([/^Invoice INV-\d{6}$/, 'Order again']);
  });

  test('makes a user admin and removes another user', async ({ page, request }) => {
    const promoted = uniqueEmail('promote');
    const removed = uniqueEmail('remove');
    const promotedToken = await apiRegister(request, 'Sam Promote', promoted);
    const removedToken = await apiRegister(request, 'Rex Remove', removed);
    // The customer to promote has an order of their own.
    const tire = await findProduct(request, 'Tire');
    const placed = await request.post('/api/orders', {
      headers: { Authorization: `Bearer ${promotedToken}` },
      data: { productId: tire._id, quantity: tire.min, phone: '+1 555 0155', address: '3 Elm Road, Springfield', shippingAddress: E2E_ADDRESS },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const promotedOrderId = orderSchema.parse(await placed.json())._id;

    await signInAsAdmin(page, request);
    await page.goto('/dashboard/make-admin');
    await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
    const adminRow = page.getByTestId('user-admin@partsmith.example');
    await expect(adminRow).toContainText("Admin can't be removed");
    await expect(adminRow.getByRole('button')).toHaveCount(0);

    const promotedRow = page.getByTestId(`user-${promoted}`);
    await promotedRow.getByRole('button', { name: 'Make Admin' }).click();
    await expect(page.getByRole('alertdialog')).toContainText(`Make ${promoted} an admin? This cannot be undone`);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Make admin' }).click();
    await expect(page.getByText(`${promoted} is made Admin successfully`)).toBeVisible();
    await expect(promotedRow).toContainText("Admin can't be removed");
    await expect(promotedRow.getByRole('button')).toHaveCount(0);

    const removedRow = page.getByTestId(`user-${removed}`);
    await removedRow.getByRole('button', { name: 'Remove User' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Are you sure you want to remove ${removed}?`);
    await confirm.getByRole('button', { name: 'Remove user' }).click();
    await expect(page.getByText(`${removed} is removed successfully`)).toBeVisible();
    await expect(removedRow).toHaveCount(0);
    // The removed account's session no longer works.
    const me = await request.get('/api/me', { headers: { Authorization: `Bearer ${removedToken}` } });
    expect(me.status()).toBe(401);

    // The promoted admin keeps the way to their own orders and reviews.
    await signInWithToken(page, promotedToken);
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link', { name: 'Manage Products' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Add a Reviews' })).toBeVisible();
    await menu.getByRole('link', { name: 'My Orders' }).click();
    await expect(page.getByRole('heading', { name: 'Your Orders: 1' })).toBeVisible();
    await expect(page.getByTestId(`order-${promotedOrderId}`)).toContainText('Tire');
  });

  test("shows the shop's own picture in the storefront for a product whose picture link is dead", async ({ page, request }) => {
    const adminToken = await apiLogin(request, ADMIN);
    const name = `Fog Lamp ${Date.now().toString(36)}`;
    // Added before the form checked pictures (or its link died since): the API still takes any well-formed link.
    const created = await request.post('/api/products', {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { name, description: 'Amber fog lamp (e2e).', price: '21', stock: '80', min: '4', img: '/images/products/discontinued-part.svg' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = productSchema.parse(await created.json());

    await page.goto('/allProducts');
    await page.getByLabel('Search products by name').fill(name);
    const picture = page.getByRole('article').getByRole('img', { name });
    await expect(picture).toHaveAttribute('src', '/images/product-fallback.svg');
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await saveScreenshot(page, 'all-products-dead-picture', false);
    await request.delete(`/api/products/${product._id}`, { headers: { Authorization: `Bearer ${adminToken}` } });
  });

  test('removes a product with an unpaid order: the dialog says how many, and removing cancels it', async ({ page, request }) => {
    const adminToken = await apiLogin(request, ADMIN);
    const name = `Wheel Bearing ${Date.now().toString(36)}`;
    const created = await request.post('/api/products', {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { name, description: 'Sealed wheel bearing (e2e).', price: '18.40', stock: '60', min: '2', img: '/images/products/hubcap.svg' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = productSchema.parse(await created.json());
    const customerToken = await apiRegister(request, 'Uma Unpaid', uniqueEmail('unpaid'));
    const placed = await request.post('/api/orders', {
      headers: { Authorization: `Bearer ${customerToken}` },
      data: { productId: product._id, quantity: 2, phone: '+1 555 0177', address: '9 Mill Lane, Ogdenville', shippingAddress: E2E_ADDRESS },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const orderId = orderSchema.parse(await placed.json())._id;

    await signInAsAdmin(page, request);
    await page.goto('/dashboard/manage-products');
    const row = page.getByRole('row').filter({ hasText: name });
    await rowAction(row, `Remove ${name}`);
    const confirm = page.getByRole('alertdialog');
    // The original question word for word (docs/legacy-contract.md#confirmations) (58 units left after the order of 2), then what happens to the order.
    await expect(confirm.getByText(`Are you sure you want to remove ${name}? It has 58 units in stock`, { exact: true })).toBeVisible();
    await expect(
      confirm.getByText('It has 1 unpaid order: removing the product cancels it, and its customer is told by e-mail.', { exact: true }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'dashboard-remove-product-open-orders', false);
    await confirm.getByRole('button', { name: 'Keep product' }).click();
    await expect(confirm).toBeHidden();

    await rowAction(row, `Remove ${name}`);
    await confirm.getByRole('button', { name: 'Remove product' }).click();
    await expect(page.getByText(`The Product ${name} with 58 units of stock is removed successfully!!!`)).toBeVisible();
    await expect(row).toHaveCount(0);
    const order = await request.get(`/api/order/${orderId}`, { headers: { Authorization: `Bearer ${customerToken}` } });
    expect(orderSchema.parse(await order.json()).status).toBe('cancelled');
  });

  test('hides a review from the home page and shows it again (Manage Reviews)', async ({ page, request }) => {
    const comment = `Fitted in ten minutes, no rattle (e2e ${Date.now().toString(36)})`;
    const reviewerToken = await apiRegister(request, 'Rita Reviewer', uniqueEmail('review'));
    const posted = await request.post('/api/review', {
      headers: { Authorization: `Bearer ${reviewerToken}` },
      data: { rating: '4', comment },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const reviewId = reviewSchema.parse(await posted.json())._id;
    // Approved first (REVIEW_MODERATION=before); the queue itself is back-office-reviews.spec.ts's story.
    await approveReviewThroughApi(request, comment);

    await page.goto('/');
    const homeReviews = page.getByRole('region', { name: 'What our customers say' });
    await expect(homeReviews.getByText(comment)).toBeVisible();

    await signInAsAdmin(page, request);
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Manage Reviews' }).click();
    await expect(page).toHaveURL(/\/dashboard\/manage-reviews(\?|$)/);
    await expect(page.getByRole('heading', { name: 'Manage Reviews' })).toBeVisible();
    // The queue opens on the pending reviews when any wait (other stories' may): every status.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('all');
    const row = page.getByTestId(`review-${reviewId}`);
    await expect(row).toContainText(comment);
    await expect(row).toContainText('shown');
    await expectNoSeriousA11yViolations(page);

    await row.getByRole('button', { name: 'Hide the review by Rita Reviewer' }).click();
    await expect(page.getByText('The review by Rita Reviewer is hidden from the shop.')).toBeVisible();
    await expect(row).toContainText('hidden');
    await saveScreenshot(page, 'dashboard-manage-reviews');
    await expectNoSeriousA11yViolations(page);

    // Gone from the home page (and from the public list), kept for the admin.
    await page.goto('/');
    await expect(homeReviews.getByText(/^\d stars$/).first()).toBeVisible();
    await expect(homeReviews.getByText(comment)).toHaveCount(0);
    const list = z.array(reviewSchema).parse(await (await request.get('/api/review')).json());
    expect(list.some((review) => review._id === reviewId)).toBe(false);

    await page.goto('/dashboard/manage-reviews?status=hidden');
    await row.getByRole('button', { name: 'Show the review by Rita Reviewer' }).click();
    await expect(page.getByText('The review by Rita Reviewer is shown in the shop again.')).toBeVisible();
    await page.goto('/');
    await expect(homeReviews.getByText(comment)).toBeVisible();
  });
});
