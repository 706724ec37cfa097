import { expect, test } from '@playwright/test';
import { ADMIN, apiLogin, apiRegister, CUSTOMER, expectNoSeriousA11yViolations, signInWithToken, uniqueEmail } from './helpers.js';

// A new user's first look: the README's examples on the demo, the outbox in the browser, the offline notice.

test.describe('the front door', () => {
  test("the README's example part number is on the demo, typed any way", async ({ page }) => {
    await page.goto('/allProducts');
    await page.getByLabel('Search products by name or part number').fill('br 1507');
    await expect(page.getByRole('article').first().getByRole('heading', { name: 'Brake Pad Set', exact: true })).toBeVisible();
    await page.goto('/parts/BR-1507');
    await expect(page.getByRole('heading', { level: 1, name: 'Brake Pad Set', exact: true })).toBeVisible();
  });

  test('an admin reads the outbox in the browser: the list, and one e-mail in a sandboxed frame', async ({ page, request }) => {
    const email = uniqueEmail('front-door');
    await apiRegister(request, 'Mia Mailreader', email);
    await signInWithToken(page, await apiLogin(request, ADMIN));
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Mail preview' }).click();
    await expect(page).toHaveURL(/\/dashboard\/mail$/);
    await expect(page.getByRole('heading', { name: 'Mail preview' })).toBeVisible();

    const subject = 'Please confirm your e-mail address – Partsmith';
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(subject);
    // The list (the e-mails' own HTML is not the shop's page: axe checks the page before one is opened).
    await expectNoSeriousA11yViolations(page);
    await row.getByRole('button', { name: `Show the e-mail: ${subject}` }).click();
    await expect(row).toContainText('Shown below');

    const shown = page.getByRole('article', { name: subject });
    await expect(shown.getByText(`To: ${email}`)).toBeVisible();
    const frame = shown.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(page.frameLocator(`iframe[title="The e-mail: ${subject}"]`).getByText('Hello Mia Mailreader,')).toBeVisible();
    await expect(page.frameLocator(`iframe[title="The e-mail: ${subject}"]`).getByRole('link', { name: 'Confirm my e-mail address' })).toBeVisible();
    await shown.getByText('The plain-text part').click();
    await expect(shown.getByText(/Confirm my e-mail address: http/)).toBeVisible();
  });

  test('a customer cannot read the outbox: the page signs them out, the API refuses', async ({ page, request }) => {
    const token = await apiLogin(request, CUSTOMER);
    const answer = await request.get('/api/admin/outbox', { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status()).toBe(403);
    await signInWithToken(page, token);
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Mail preview' })).toHaveCount(0);
    await page.goto('/dashboard/mail');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Mail preview' })).toHaveCount(0);
  });

  test('offline, a banner says so, and a search shows the earlier results as earlier ones', async ({ page, context }) => {
    await page.goto('/allProducts');
    await expect(page.getByRole('article').first()).toBeVisible();
    await context.setOffline(true);
    await expect(page.getByText("You're offline. Pages show what was loaded before; searches and changes wait until you're back online.")).toBeVisible();
    await expect(page.getByText(/^You're offline — showing results from \d{1,2}:\d\d [AP]M\.$/).first()).toBeVisible();
    await page.getByLabel('Search products by name or part number').fill('tire');
    await expect(page.getByText("You're offline — showing earlier results; this view loads when you're back online.").first()).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('article').first().getByRole('heading', { name: /Tire/ })).toBeVisible();
    await expect(page.getByText(/You're offline/)).toHaveCount(0);
  });
});
