import { expect, test } from '@playwright/test';
import { ADMIN, apiLogin, CUSTOMER, signInWithToken } from './helpers.js';

test.describe('route guards', () => {
  test('a visitor opening the dashboard is sent to login, then back', async ({ page }) => {
    await page.goto('/dashboard/myOrders');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(CUSTOMER.email);
    await page.getByLabel('Password').fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
    await expect(page.getByRole('heading', { name: /^Your Orders: \d+$/ })).toBeVisible();
  });

  test('a customer on an admin route is signed out and lands on login (docs/legacy-contract.md#sign-in-and-guards)', async ({ page, request }) => {
    const token = await apiLogin(request, CUSTOMER);
    await signInWithToken(page, token);
    await page.goto('/dashboard/manage-orders');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();

    // Signing in as an admin from there returns to the admin page.
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/manage-orders$/);
    await expect(page.getByRole('heading', { name: /^Manage All Orders/ })).toBeVisible();
  });

  test('an expired or revoked token signs the browser out', async ({ page }) => {
    await signInWithToken(page, 'not-a-valid-token');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
