import { expect, test } from '@playwright/test';
import { messages } from '../src/shared/messages.js';
import {
  apiLogin,
  apiRegister,
  expectNoSeriousA11yViolations,
  linkIn,
  loginThroughForm,
  newestMail,
  saveScreenshot,
  uniqueEmail,
} from './helpers.js';

const PHONE = { width: 390, height: 844 };

test.describe('an account', () => {
  test('forgets its password, follows the e-mailed link, chooses a new one and signs in with it', async ({ page, request, baseURL }) => {
    const email = uniqueEmail('forgot');
    const oldPassword = 'first-secret-1';
    const newPassword = 'second-secret-2';
    await apiRegister(request, 'Fran Forgetful', email, oldPassword);

    // Login → Forgot password?
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot password?' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'forgot-password', false);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await expect(page.getByText(messages.ui.resetRequested(email))).toBeVisible();
    await saveScreenshot(page, 'forgot-password-sent', false);

    // The e-mail arrives, with a link to the shop's reset page carrying its token in the fragment.
    const mail = await newestMail(email, /^Reset your password/);
    const link = linkIn(mail, '/reset-password');
    expect(link).toMatch(new RegExp(`^${baseURL}/reset-password#token=[\\w%-]+$`));

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    // The token is off the address bar once read.
    await expect(page).toHaveURL(`${baseURL}/reset-password`);
    const password = page.getByLabel('New password', { exact: true });
    const again = page.getByLabel('New password again');
    await expect(password).toBeFocused();
    await password.fill(newPassword);
    await again.fill('something-else');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page.getByText(messages.ui.passwordsDiffer)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, 'reset-password-phone', false);
    await again.fill(newPassword);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page.getByText(messages.ui.passwordReset)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // The old password no longer works; the new one does.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(oldPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Wrong e-mail or password')).toBeVisible();
    await loginThroughForm(page, { email, password: newPassword });

    // The link worked once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('third-secret-3');
    await page.getByLabel('New password again').fill('third-secret-3');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page.getByText('This password reset link is invalid, used or expired. Please ask for a new one')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  test("registration's e-mail confirms the address; My Profile lists and signs out sessions", async ({ page, request, baseURL }) => {
    const email = uniqueEmail('confirm');
    const password = 'confirm-secret-1';
    await page.goto('/register');
    await page.getByLabel('Name').fill('Cleo Confirm');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('User is registered successfully')).toBeVisible();

    // A second session of the same account (another client), for the list.
    await apiLogin(request, { email, password });

    await page.goto('/dashboard');
    await expect(page.getByText(messages.ui.emailNotConfirmed)).toBeVisible();
    const sessions = page.getByTestId('session');
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: messages.ui.thisDevice })).toHaveCount(1);
    await expect(sessions.filter({ hasText: messages.ui.thisDevice })).toContainText(/^Chrome on /);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'my-profile');
    await page.setViewportSize(PHONE);
    await saveScreenshot(page, 'my-profile-phone');

    // Sign the other session out, after a confirmation.
    const other = sessions.filter({ hasNotText: messages.ui.thisDevice });
    await other.getByRole('button', { name: 'Sign out' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText(messages.ui.sessionRevoked)).toBeVisible();
    await expect(sessions).toHaveCount(1);

    // The confirmation e-mail arrives; its link confirms the address.
    const mail = await newestMail(email, /^Please confirm your e-mail address/);
    const link = linkIn(mail, '/verify-email');
    await page.goto(link);
    await expect(page.getByText(messages.ui.emailVerified)).toBeVisible();
    await expect(page).toHaveURL(`${baseURL}/verify-email`);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'verify-email-phone', false);
    await page.getByRole('link', { name: 'Go to My Profile' }).click();
    await expect(page.getByText(messages.ui.emailConfirmed)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send the confirmation link again' })).toHaveCount(0);
  });
});
