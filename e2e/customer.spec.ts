import { expect, test } from '@playwright/test';
import { approveReviewThroughApi, expectNoSeriousA11yViolations, findProduct, saveScreenshot, uniqueEmail, fillNewAddress } from './helpers.js';
import { reviewModerationCopy } from '../src/shared/back-office-copy.js';
import { formatMoney } from '../src/shared/format.js';

/** An order list's total cell: the total, then the folded subtotal, shipping and tax under it. */
const totalCell = (total: string) => new RegExp(`^${total.replace(/[$.]/g, '\\$&')}Subtotal, shipping and tax`);

test.describe('a customer', () => {
  test('registers, orders, pays by card, sees a declined card, and cancels an unpaid order', async ({ page, request, browser, baseURL }) => {
    const email = uniqueEmail('buyer');
    const name = 'Robin Buyer';
    const tire = await findProduct(request, 'Tire');

    // Register (with the form's validation first).
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Email').fill('robin@garage');
    await page.getByLabel('Password').fill('123');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Provide an Email')).toBeVisible();
    await expect(page.getByText('Must be 6 characters or longer')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('robin-secret');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('User is registered successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByText(name)).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();

    // Registering the same e-mail again is refused, in red under the form.
    const other = await browser.newPage({ baseURL });
    await other.goto('/register');
    await other.getByLabel('Name').fill('Someone');
    await other.getByLabel('Email').fill(email);
    await other.getByLabel('Password').fill('another-secret');
    await other.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(other.getByText('An account with this e-mail already exists').first()).toBeVisible();
    await other.close();

    // Profile: phone and address, which then prefill the order form.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to your Dashboard' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link')).toHaveText(['My Orders', 'Add a Reviews', 'My Profile', 'Address book', 'My returns', 'Trade account']);
    await expect(page.getByLabel('Name')).toHaveValue(name);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('Phone Number').fill('not a phone');
    await page.getByRole('button', { name: 'Update Info' }).click();
    await expect(page.getByText('Provide a valid Phone Number')).toBeVisible();
    await page.getByLabel('Phone Number').fill('+1 555 0199');
    await page.getByLabel('Address').fill('42 Garage Road, Springfield');
    await page.getByRole('button', { name: 'Update Info' }).click();
    await expect(page.getByText('User profile update successfully!')).toBeVisible();

    // Order: the modal, its validation and a server-side check.
    await page.goto(`/place-order/${tire._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tire' })).toBeVisible();
    await page.getByRole('button', { name: 'Place Order Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Place order for Tire' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Product')).toHaveValue('Tire');
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(dialog.getByLabel('Email')).toHaveValue(email);
    await expect(dialog.getByLabel('Phone Number')).toHaveValue('+1 555 0199');
    // No saved address yet: the new-address form, for the buyer's name.
    await expect(dialog.getByRole('group', { name: 'Delivery Address' }).getByLabel('Recipient name')).toHaveValue(name);
    const quantity = dialog.getByPlaceholder(`enter product quantity (min ${tire.min} units)`);
    await expect(quantity).toHaveAttribute('type', 'number');
    await saveScreenshot(page, 'order-modal', false);

    await dialog.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(dialog.getByText('Quantity is required')).toBeVisible();
    await quantity.fill(String(tire.min - 1));
    await dialog.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(dialog.getByText(`Quantity Must be ${tire.min} or higher`)).toBeVisible();
    await quantity.fill(String(tire.stock + 1));
    await dialog.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(dialog.getByText(`Quantity Must be lower than ${tire.stock}`)).toBeVisible();
    await dialog.getByLabel('Phone Number').fill('');
    await dialog.getByLabel('Recipient name').fill('');
    await dialog.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(dialog.getByText('Phone Number is required')).toBeVisible();
    await expect(dialog.getByText('Address is required')).toBeVisible();
    // Escape closes the native dialog.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Place Order Now' }).click();
    await expect(dialog).toBeVisible();
    const ordered = tire.min + 10;
    await quantity.fill(String(ordered));
    await dialog.getByLabel('Phone Number').fill('+1 555 0199');
    await dialog.getByLabel('Recipient name').fill(name);
    // Oregon: no sales tax in the demo table and free pickup (the cheapest), so My Orders' total is the goods'.
    await fillNewAddress(dialog, { line1: '42 Garage Road', city: 'Portland', region: 'OR', postalCode: '97201' });
    await dialog.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(page.getByText('Your order is placed successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The stock is reserved.
    await expect(page.getByText(`Available Items: ${tire.stock - ordered} units`)).toBeVisible();

    // My Orders.
    await page.goto('/dashboard/myOrders');
    await expect(page.getByRole('heading', { name: 'Your Orders: 1' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Order',
      'Product',
      'Quantity (units)',
      'Price ($ per unit)',
      'Total Cost ($)',
      'Status',
      'Action',
    ]);
    const row = table.getByRole('row').nth(1);
    const total = (tire.price * ordered).toLocaleString('en-US', { maximumFractionDigits: 2 });
    await expect(row.getByRole('cell')).toHaveText([/^ORD-\d{6,}/, `Tire${tire.sku}`, ordered.toLocaleString('en-US'), formatMoney(tire.price), totalCell(formatMoney(tire.price * ordered)), 'Awaiting payment', /Pay\s*Cancel/]);
    await saveScreenshot(page, 'dashboard');
    await expectNoSeriousA11yViolations(page);

    // Pay with Stripe's test card through the shop's test processor.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await row.getByRole('link', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/\d+$/);
    const paidOrderId = page.url().split('/').pop()!;
    await expect(page.getByText(`Hello, ${name}`)).toBeVisible();
    await expect(page.getByText('Please Pay for Tire')).toBeVisible();
    await expect(page.getByText(`Your Order is ${ordered} units of Tire`)).toBeVisible();
    await expect(page.getByText(`Please pay: $${total}`)).toBeVisible();
    // An unpaid order holds its parts for a while (UNPAID_ORDER_TTL), in the browser's local time.
    await expect(page.getByText(/^The parts of this order are held for you until \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M\.$/)).toBeVisible();
    await expect(
      page.getByText('Test mode — no real card is charged. Use 4242 4242 4242 4242 with any future date and any CVC.'),
    ).toBeVisible();
    await expect(page.getByLabel('Expiry')).toHaveAttribute('placeholder', 'MM / YY');
    await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled();
    // In test mode neither Stripe.js nor Stripe's React packages are downloaded.
    expect(scripts.filter((url) => /stripe/i.test(url))).toEqual([]);
    await expectNoSeriousA11yViolations(page);
    // Stripe's wording for a card the form can tell is wrong, before anything is sent.
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('Your card number is invalid.')).toHaveClass(/text-red-700/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
    await expect(page.getByText(`You Paid: $${total}`)).toBeVisible();
    const transaction = page.getByText(/^Your Transaction ID: pi_\w+$/);
    await expect(transaction).toBeVisible();
    const transactionId = (await transaction.textContent())!.replace('Your Transaction ID: ', '');
    await expect(page.getByText('Payment Successful!!!')).toBeVisible();
    await expect(page.getByText('Your card number is invalid.')).toHaveCount(0);
    await saveScreenshot(page, 'payment-paid');

    // My Orders: paid, with the transaction id, and nothing to do.
    await page.goto('/dashboard/myOrders');
    const paidRow = page.getByTestId(`order-${paidOrderId}`);
    await expect(paidRow.getByRole('cell').nth(5)).toHaveText('Paid – preparing shipment');
    await expect(paidRow.getByRole('cell').nth(6)).toContainText('paid');
    await expect(paidRow).toContainText(`Transaction ID: ${transactionId}`);
    // No Pay or Cancel once paid: only its invoice and ordering its parts again.
    await expect(paidRow.getByRole('button')).toHaveText([/^Invoice INV-\d{6}$/, 'Order again']);
    await expect(paidRow.getByRole('link', { name: 'Pay', exact: true })).toHaveCount(0);
    // Its payment page now shows it as paid, without a card form.
    await page.goto(`/dashboard/payment/${paidOrderId}`);
    await expect(page.getByText(`This order is paid. Transaction ID: ${transactionId}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay' })).toHaveCount(0);

    // A second order, paid with a card that is declined: the order stays unpaid.
    await page.goto(`/place-order/${tire._id}`);
    await page.getByRole('button', { name: 'Place Order Now' }).click();
    await quantity.fill(String(tire.min));
    // An address typed in the order form is the order's only (the address book is where addresses are kept).
    await fillNewAddress(dialog, { line1: '42 Garage Road', city: 'Portland', region: 'OR', postalCode: '97201' });
    await dialog.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(page.getByText('Your order is placed successfully')).toBeVisible();
    await page.goto('/dashboard/myOrders');
    await expect(page.getByRole('heading', { name: 'Your Orders: 2' })).toBeVisible();
    const unpaidRow = table.getByRole('row').nth(1); // newest first
    await expect(unpaidRow.getByRole('cell').nth(5)).toHaveText('Awaiting payment');
    await unpaidRow.getByRole('link', { name: 'Pay' }).click();
    const declinedOrderId = page.url().split('/').pop()!;
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();
    const declined = page.getByText('Your card was declined.');
    await expect(declined).toBeVisible();
    await expect(declined).toHaveClass(/text-red-700/);
    await expect(page.getByText('Congrats! Your payment is completed.')).toHaveCount(0);
    await saveScreenshot(page, 'payment-declined', false);
    await page.goto('/dashboard/myOrders');
    const declinedRow = page.getByTestId(`order-${declinedOrderId}`);
    await expect(declinedRow.getByRole('cell').nth(5)).toHaveText('Awaiting payment');
    await expect(declinedRow.getByRole('link', { name: 'Pay' })).toBeVisible();

    // Cancel the unpaid one, after a confirmation.
    await declinedRow.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Are you sure you want to remove the order of ${tire.min} units of Tire?`);
    // The buttons say what they do: 'Keep order' keeps it, 'Cancel order' cancels it.
    await expect(confirm.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
    await confirm.getByRole('button', { name: 'Keep order' }).click();
    await expect(confirm).toBeHidden();
    await expect(declinedRow.getByText('Awaiting payment')).toBeVisible();
    await declinedRow.getByRole('button', { name: 'Cancel' }).click();
    await confirm.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByText(`Your Order of ${tire.min} units of Tire is cancelled successfully!!!`)).toBeVisible();
    await expect(declinedRow.getByRole('cell').nth(5)).toHaveText('Cancelled');
    await expect(declinedRow.getByRole('button')).toHaveText(['Order again']);
    await expect(declinedRow.getByRole('link', { name: 'Pay', exact: true })).toHaveCount(0);

    // Reviews: validation, then posting.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Add a Reviews' }).click();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Rating')).toHaveValue('5');
    await page.getByRole('button', { name: 'Post Review' }).click();
    await expect(page.getByText('Comment is required')).toBeVisible();
    await page.getByLabel('Rating').selectOption('4');
    await page.getByLabel('Comments').fill('Tires arrived quickly and well packed. (e2e)');
    await page.getByRole('button', { name: 'Post Review' }).click();
    // Held for approval (REVIEW_MODERATION=before): shown on the home page once an admin approves it.
    await expect(page.getByText(reviewModerationCopy.postedPending)).toBeVisible();
    await expect(page.getByLabel('Comments')).toHaveValue('');
    await approveReviewThroughApi(request, 'Tires arrived quickly and well packed. (e2e)');
    await page.goto('/');
    await expect(page.getByText('“Tires arrived quickly and well packed. (e2e)”')).toBeVisible();

    // Logout.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('User is logged out!!!')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('sees login errors in red', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email').fill('customer@partsmith.example');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Must be 6 characters or longer')).toBeVisible();
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const error = page.getByText('Wrong e-mail or password');
    await expect(error).toBeVisible();
    await expect(error).toHaveClass(/text-red-700/);
    await page.getByRole('link', { name: 'Create a new account' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });
});
