import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { type AdminHome, adminHomeSchema } from '../src/shared/back-office.js';
import { dashboardMenuCopy, staffHomeCopy } from '../src/shared/back-office-copy.js';
import { formatMoney, formatQuantity } from '../src/shared/format.js';
import { ADMIN, apiLogin, expectNoHorizontalScroll, expectNoSeriousA11yViolations, loginThroughForm, saveScreenshot } from './helpers.js';

/**
 * Issue 62's staff home: an admin signs in, lands on what needs doing, and each count opens its list (on a
 * desktop and on a phone, where the staff's long menu folds away behind its button).
 */

type Figure = Exclude<keyof AdminHome, 'companiesToApprove'>;

/** Each count's list: its address, and the heading that says the list opened. */
const LISTS: { figure: Figure; url: RegExp; heading?: string | RegExp }[] = [
  { figure: 'ordersToShip', url: /\/dashboard\/manage-orders\?status=to\+ship$/, heading: /^Manage All Orders/ },
  // The Inbox page is another part of issue 62: here only where the count leads.
  { figure: 'unreadMessages', url: /\/dashboard\/inbox$/, heading: 'Inbox' },
  { figure: 'lowStock', url: /\/dashboard\/low-stock$/, heading: 'Low Stock' },
  { figure: 'returnsToHandle', url: /\/dashboard\/manage-returns$/, heading: 'Returns' },
  { figure: 'reviewsToApprove', url: /\/dashboard\/manage-reviews\?status=pending$/, heading: 'Manage Reviews' },
  { figure: 'salesToday', url: /\/dashboard\/overview$/, heading: 'Sales Overview' },
];

/** A customer's message, so that one at least is unread, then the counts as the server has them. */
async function countsNow(request: APIRequestContext): Promise<AdminHome> {
  const sent = await request.post('/api/contact', { data: { email: 'home-reader@example.com', message: 'Is the staff home counting me? (e2e)' } });
  expect(sent.status()).toBe(201);
  const token = await apiLogin(request, ADMIN);
  const answer = await request.get('/api/admin/home', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  return adminHomeSchema.parse(await answer.json());
}

/** A tile's link as it reads: "3 Low-stock parts", "$1,234.50 Today's sales". */
const tileName = (counts: AdminHome, figure: Figure) =>
  `${figure === 'salesToday' ? formatMoney(counts.salesToday) : formatQuantity(counts[figure])} ${staffHomeCopy.tiles[figure]}`;

async function signInFromTheDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await loginThroughForm(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: staffHomeCopy.title })).toBeVisible();
}

async function followEachCount(page: Page, counts: AdminHome) {
  const home = page.getByRole('region', { name: 'Dashboard content' });
  for (const { figure, url, heading } of LISTS) {
    await home.getByRole('link', { name: tileName(counts, figure), exact: true }).click();
    await expect(page).toHaveURL(url);
    if (heading) await expect(page.getByRole('heading', { name: heading, exact: typeof heading === 'string' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: staffHomeCopy.title })).toBeVisible();
  }
  // Trade applications: the tile is there (other specs may have applied, so its count is theirs).
  await expect(home.getByText(staffHomeCopy.tiles.companiesToApprove)).toBeVisible();
}

test.describe('the staff home', () => {
  test('an admin lands on what needs doing and follows each count to its list', async ({ page, request }) => {
    const counts = await countsNow(request);
    expect(counts.unreadMessages).toBeGreaterThanOrEqual(1);
    await signInFromTheDashboard(page);
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    // A desktop shows the whole menu, no button; the Inbox says how many messages are unread.
    await expect(menu.getByRole('button', { name: dashboardMenuCopy.toggle })).toBeHidden();
    await expect(menu.getByRole('link', { name: `${dashboardMenuCopy.inbox} (${dashboardMenuCopy.unread(counts.unreadMessages)})` })).toBeVisible();
    await expect(menu.getByRole('list', { name: dashboardMenuCopy.backOffice }).getByRole('link', { name: 'Manage All Orders' })).toBeVisible();
    await expect(menu.getByRole('list', { name: dashboardMenuCopy.myAccount }).getByRole('link', { name: 'My Orders' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'staff-home');

    await followEachCount(page, counts);

    // My Profile stays one click away.
    await menu.getByRole('link', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  });

  test.describe('on a phone (390 × 844)', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('the counts come first, the menu folds away until asked for and closes once an entry is chosen', async ({ page, request }) => {
      const counts = await countsNow(request);
      await signInFromTheDashboard(page);
      const menu = page.getByRole('navigation', { name: 'Dashboard' });
      const toggle = menu.getByRole('button', { name: dashboardMenuCopy.toggle });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(menu.getByRole('link', { name: 'Manage Products' })).toBeHidden();
      // The first count is on the first screen.
      await expect(page.getByRole('link', { name: tileName(counts, 'ordersToShip'), exact: true })).toBeInViewport();
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, 'staff-home-phone', false);

      await followEachCount(page, counts);

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(menu.getByRole('link', { name: `${dashboardMenuCopy.inbox} (${dashboardMenuCopy.unread(counts.unreadMessages)})` })).toBeVisible();
      await saveScreenshot(page, 'staff-home-phone-menu', false);
      await menu.getByRole('link', { name: 'Manage Products' }).click();
      await expect(page.getByRole('heading', { name: 'Manage Products' })).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(menu.getByRole('link', { name: 'Manage Products' })).toBeHidden();
    });
  });
});
