import { expect, test } from '@playwright/test';

// playwright.config.ts runs a local OpenID provider (e2e/oidc-provider.ts) and configures the shop's
// Google sign-in against it; every sign-in there is Gina Google's, with a verified e-mail.

test.describe('Continue with Google', () => {
  test('signs in from a login-required page and returns there', async ({ page }) => {
    await page.goto('/dashboard/myOrders');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Continue with Google' }).click();

    // The round trip: /api/auth/google/start → the provider → /api/auth/google/callback → /login#google=…
    await expect(page.getByText('User logged in successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByText('Gina Google')).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Your Orders: \d+$/ })).toBeVisible();
    // The token is stored exactly like a password login's, and the one-time code left the address bar.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    expect(page.url()).not.toContain('#google=');
    const me = await page.request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(await me.json()).toMatchObject({ email: 'gina.google@example.com', name: 'Gina Google' });
  });

  test('offers Google on the register page too', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByText('User logged in successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Gina Google')).toBeVisible();
  });

  test("shows the provider round trip's error in red under the form", async ({ page }) => {
    await page.goto(`/login#googleError=${encodeURIComponent('Google sign-in was cancelled')}`);
    const error = page.getByText('Google sign-in was cancelled');
    await expect(error).toBeVisible();
    await expect(error).toHaveClass(/text-red-700/);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  });

  test('a used or unknown code is refused in red', async ({ page }) => {
    await page.goto('/login#google=not-a-real-code');
    await expect(page.getByText('Your Google sign-in expired or was tampered with, please try again')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('is not offered on a shop without Google sign-in', async ({ page }) => {
    // playwright.config.ts runs a second shop without GOOGLE_CLIENT_ID/SECRET.
    const noGoogle = `http://127.0.0.1:${process.env.E2E_NO_GOOGLE_PORT}`;
    const status = page.waitForResponse(`${noGoogle}/api/auth/google/status`);
    await page.goto(`${noGoogle}/login`);
    expect(await (await status).json()).toEqual({ configured: false });
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
    await page.goto(`${noGoogle}/register`);
    await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  });
});
