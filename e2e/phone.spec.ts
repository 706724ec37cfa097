import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  ADMIN,
  apiLogin,
  expectNoHorizontalScroll,
  expectWithinViewportWidth,
  findProduct,
  saveScreenshot,
  signInWithToken,
  uniqueEmail, fillNewAddress
} from './helpers.js';

// A phone: 390 × 844 CSS pixels (an iPhone 12–15), touch.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Taps an action after checking that all of it is on screen, on a page that does not scroll sideways. */
async function tap(page: Page, action: Locator) {
  await expectNoHorizontalScroll(page);
  await expectWithinViewportWidth(action);
  await action.click();
}

test.describe('on a phone', () => {
  test('a customer registers, orders, pays with a declined card then a good one, and sees the order — every button on screen', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('phone');
    const tire = await findProduct(request, 'Tire');
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });

    // Register, from the navbar's menu.
    await page.goto('/');
    await tap(page, menu);
    await tap(page, nav.getByRole('link', { name: 'Login' }));
    await tap(page, page.getByRole('link', { name: 'Create a new account' }));
    await page.getByLabel('Name').fill('Pat Phone');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('phone-secret');
    await tap(page, page.getByRole('button', { name: 'Register', exact: true }));
    await expect(page.getByText('User is registered successfully')).toBeVisible();
    // Back where Login was pressed: the home page.
    await expect(page).toHaveURL(/\/$/);

    // Order: the product grid, the product's page, the order modal.
    // Searched for: the other specs' parts come first among the newest.
    await page.goto('/allProducts?q=Tire');
    await tap(page, page.getByRole('link', { name: 'Order Now: Tire', exact: true }));
    await expect(page.getByRole('heading', { level: 1, name: 'Tire' })).toBeVisible();
    await tap(page, page.getByRole('button', { name: 'Place Order Now' }));
    const dialog = page.getByRole('dialog', { name: 'Place order for Tire' });
    const quantity = dialog.getByLabel('Quantity');
    await expect(quantity).toBeFocused();
    await quantity.fill(String(tire.min));
    await dialog.getByLabel('Phone Number').fill('+1 555 0190');
    await fillNewAddress(dialog, { line1: '90 Mobile Way', city: 'Burlington', region: 'VT', postalCode: '05401' });
    await expect(dialog.getByText(/^Total:/)).toBeVisible();
    await saveScreenshot(page, 'phone-order-modal', false);
    await tap(page, dialog.getByRole('button', { name: 'Confirm Order' }));
    await expect(page.getByText('Your order is placed successfully')).toBeVisible();

    // My Orders, from the menu and the dashboard's menu: the row is a card, Pay and Cancel on screen.
    await tap(page, menu);
    await tap(page, nav.getByRole('link', { name: 'Dashboard' }));
    await tap(page, page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Orders' }));
    await expect(page.getByRole('heading', { name: 'Your Orders: 1' })).toBeVisible();
    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect(row).toContainText('Tire');
    await expect(row).toContainText('Awaiting payment');
    await expectWithinViewportWidth(row.getByRole('button', { name: 'Cancel' }));
    await saveScreenshot(page, 'phone-my-orders');
    await tap(page, row.getByRole('link', { name: 'Pay' }));

    // A declined card: its message is on screen and focused.
    await expect(page.getByText('Please Pay for Tire')).toBeVisible();
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await tap(page, pay);
    const declined = page.getByText('Your card was declined.');
    await expect(declined).toBeFocused();
    await expect(declined).toBeInViewport();
    await expectWithinViewportWidth(declined);
    await saveScreenshot(page, 'phone-payment-declined', false);

    // A good card: the receipt takes the focus.
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await tap(page, pay);
    const receipt = page.getByTestId('payment-result');
    await expect(receipt).toContainText('Congrats! Your payment is completed.');
    await expect(receipt).toBeFocused();
    await expect(receipt).toBeInViewport();
    await saveScreenshot(page, 'phone-payment-paid', false);

    // The order, paid.
    await tap(page, page.getByRole('link', { name: 'Back to My Orders' }));
    await expect(page.getByRole('heading', { name: 'Your Orders: 1' })).toBeVisible();
    await expect(row).toContainText('Paid – preparing shipment');
    await expect(row).toContainText(/Transaction ID: pi_\w+/);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'phone-my-orders-paid');
  });

  test("an admin's tables (Manage All Orders, Manage Products) are cards with every action on screen", async ({ page, request }) => {
    await signInWithToken(page, await apiLogin(request, ADMIN));
    for (const [path, heading] of [
      ['/dashboard/manage-orders', /^Manage All Orders/],
      ['/dashboard/manage-products', 'Manage Products'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      const rows = page.getByRole('table').getByRole('row');
      await expect(rows.nth(1)).toBeVisible();
      await expectNoHorizontalScroll(page);
      const count = Math.min(await rows.count(), 6);
      for (let index = 1; index < count; index += 1) {
        for (const action of await rows.nth(index).getByRole('button').all()) await expectWithinViewportWidth(action);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `phone-${path.split('/').pop()}`, false);
    }
  });
});

