import { expect, test, type Page } from '@playwright/test';
import { reviewModerationCopy } from '../src/shared/back-office-copy.js';
import { ADMIN, apiLogin, apiRegister, expectNoHorizontalScroll, expectNoSeriousA11yViolations, signInWithToken, uniqueEmail } from './helpers.js';

/**
 * Issue 62's review story, on a desk and on a phone: a customer's review waits in the queue (the e2e server
 * runs with REVIEW_MODERATION=before, the default) and reaches the home page only once an admin approves it;
 * a spam review shows its link and phone badges and, rejected, never does.
 */
const SCREENS = [
  { name: 'on a desktop', use: { viewport: { width: 1366, height: 900 } } },
  { name: 'on a phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

/** The home page's reviews, once they are drawn. */
async function homeReviews(page: Page) {
  await page.goto('/');
  const region = page.getByRole('region', { name: 'What our customers say' });
  await expect(region.getByText(/^[1-5] stars$/).first()).toBeVisible();
  return region;
}

for (const screen of SCREENS) {
  test.describe(`reviews held for approval ${screen.name}`, () => {
    test.use(screen.use);

    test('a review waits in the queue and reaches the home page once approved; a flagged one rejected never does', async ({ page, request }) => {
      const run = `${screen.use.viewport.width}-${Date.now().toString(36)}`;
      const name = `Rae Reviewer ${run}`;
      const honest = `Pads bedded in quickly, no squeal (e2e ${run})`;
      const spam = `Half price at rival-parts.com, call 555-0199 (e2e ${run})`;
      const customerToken = await apiRegister(request, name, uniqueEmail('moderated'));

      // The customer posts through Add a Reviews and is told it waits.
      await signInWithToken(page, customerToken);
      await page.goto('/dashboard/add-review');
      await page.getByLabel('Rating').selectOption('4');
      await page.getByLabel('Comments').fill(honest);
      await page.getByRole('button', { name: 'Post Review' }).click();
      await expect(page.getByText(reviewModerationCopy.postedPending)).toBeVisible();
      await page.getByLabel('Comments').fill(spam);
      await page.getByRole('button', { name: 'Post Review' }).click();
      await expect(page.getByText(reviewModerationCopy.postedPending).first()).toBeVisible();
      await expect(page.getByLabel('Comments')).toHaveValue('');

      // Not on the home page while it waits.
      let region = await homeReviews(page);
      await expect(region.getByText(honest, { exact: false })).toHaveCount(0);

      // The admin follows the staff home's link to the pending ones.
      await signInWithToken(page, await apiLogin(request, ADMIN));
      await page.goto('/dashboard/manage-reviews?status=pending');
      await expect(page.getByRole('heading', { name: 'Manage Reviews' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');
      const rows = page.locator('[data-testid^="review-"]');
      const honestRow = rows.filter({ hasText: honest });
      const spamRow = rows.filter({ hasText: spam });
      await expect(honestRow).toContainText('pending');
      await expect(spamRow.getByRole('list', { name: `What the review by ${name} contains` }).getByRole('listitem')).toHaveText(['Link', 'Phone number']);
      await expect(honestRow.getByRole('list')).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);

      await honestRow.getByRole('button', { name: `Approve the review by ${name}` }).click();
      await expect(page.getByText(reviewModerationCopy.approved(name))).toBeVisible();
      // Approved, it leaves the pending ones.
      await expect(honestRow).toHaveCount(0);
      await spamRow.getByRole('button', { name: `Reject the review by ${name}` }).click();
      await expect(page.getByText(reviewModerationCopy.rejected(name))).toBeVisible();
      await expect(spamRow).toHaveCount(0);

      // Rejected is kept, as hidden.
      await page.getByRole('combobox', { name: 'Status' }).selectOption('hidden');
      await expect(page).toHaveURL(/status=hidden/);
      await expect(spamRow).toContainText('hidden');

      // On the home page now; the rejected one is not.
      region = await homeReviews(page);
      await expect(region.getByText(honest, { exact: false })).toBeVisible();
      await expect(region.getByText(spam, { exact: false })).toHaveCount(0);
    });
  });
}
