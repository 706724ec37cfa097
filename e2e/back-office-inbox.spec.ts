import { expect, test } from '@playwright/test';
import { userSchema } from '../src/shared/api.js';
import { adminHomeSchema } from '../src/shared/back-office.js';
import { dashboardMenuCopy } from '../src/shared/back-office-copy.js';
import { ADMIN, apiLogin, expectNoHorizontalScroll, linkIn, newestMail, signInWithToken, uniqueEmail } from './helpers.js';

/** Issue 62's inbox, on a desk and on a phone: a visitor's message reaches the staff by e-mail, an admin answers it, the thread keeps both. */
const SCREENS = [
  { name: 'on a desktop', use: { viewport: { width: 1366, height: 900 } }, phone: false },
  { name: 'on a phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }, phone: true },
] as const;

for (const screen of SCREENS) {
  test.describe(`the inbox ${screen.name}`, () => {
    test.use(screen.use);

    test('a visitor writes, the staff are e-mailed, an admin replies in the Inbox and the thread keeps it', async ({ page, request }) => {
      const email = uniqueEmail('inbox');
      const token = await apiLogin(request, ADMIN);
      const unread = async () => adminHomeSchema.parse(await (await request.get('/api/admin/home', { headers: { Authorization: `Bearer ${token}` } })).json()).unreadMessages;
      const unreadBefore = await unread();
      const question = `Do you have brake discs for a 2012 Transit? (${email})`;
      // The home page's contact block on the desk, the Contact page on the phone: the same form.
      if (screen.phone) await page.goto('/contact');
      else {
        await page.goto('/');
        await page.getByRole('heading', { name: 'Get in touch' }).scrollIntoViewIfNeeded();
      }
      const form = page.getByRole('form', { name: 'Contact us' });
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Message').fill(question);
      await form.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByText('Thank you! Your message is sent, we will reply by e-mail.')).toBeVisible();

      // STAFF_EMAIL is not set here: every admin is told, with the message and a link to it.
      const told = await newestMail(ADMIN.email, new RegExp(`^New message from ${email.replace(/[.]/g, '\\.')}`));
      expect(told.text).toContain(`> ${question}`);
      const link = new URL(linkIn(told, '/dashboard/inbox'));
      expect(link.searchParams.get('message')).toMatch(/^\d+$/);

      const me = userSchema.parse(await (await request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } })).json());
      await signInWithToken(page, token);
      // The message raises the Inbox badge of the staff's menu by one.
      expect(await unread()).toBe(unreadBefore + 1);
      await page.goto('/dashboard');
      if (screen.phone) await page.getByRole('button', { name: dashboardMenuCopy.toggle }).click();
      const menu = page.getByRole('navigation', { name: 'Dashboard' });
      await expect(menu.getByRole('link', { name: `${dashboardMenuCopy.inbox} (${dashboardMenuCopy.unread(unreadBefore + 1)})` })).toBeVisible();
      await page.goto('/dashboard/inbox');
      await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
      await expect(page.getByRole('listitem', { name: `Unread: ${email}` })).toBeVisible();
      await page.getByRole('link', { name: `Open the message from ${email}` }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/inbox\\?message=${link.searchParams.get('message')}$`));

      const thread = page.getByRole('list', { name: 'Thread' });
      await expect(thread.getByRole('listitem')).toHaveCount(1);
      await expect(thread.getByRole('listitem').first()).toContainText(email);
      await expect(thread.getByRole('listitem').first()).toContainText(question);
      // Opening it marks it read.
      await expect(page.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
      if (screen.phone) {
        // The opened message takes the phone's screen; the list is one tap back.
        await expect(page.getByRole('heading', { name: 'Contact Messages' })).toBeHidden();
        await expect(page.getByRole('link', { name: 'Back to the messages' })).toBeVisible();
        await expectNoHorizontalScroll(page);
      }

      const answer = `Yes, BR-3120 fits the 2012 Transit. (${screen.name})`;
      const reply = page.getByRole('form', { name: `Reply ${email}` });
      await reply.getByLabel('Your reply').fill(answer);
      await reply.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByText(`Your reply is on its way to ${email}.`)).toBeVisible();
      await expect(thread.getByRole('listitem')).toHaveCount(2);
      await expect(thread.getByRole('listitem').nth(1)).toContainText(me.name);
      await expect(thread.getByRole('listitem').nth(1)).toContainText(answer);
      await expect(reply.getByLabel('Your reply')).toHaveValue('');

      // The customer gets the answer as before: their message quoted under it.
      const answered = await newestMail(email, /^Re: your message/);
      expect(answered.text).toContain(answer);
      expect(answered.text).toContain(`> ${question}`);

      await page.reload();
      await expect(thread.getByRole('listitem')).toHaveCount(2);
      await expect(thread.getByRole('listitem').first()).toContainText(question);
      await expect(thread.getByRole('listitem').nth(1)).toContainText(me.name);
      await expect(thread.getByRole('listitem').nth(1)).toContainText(answer);
      if (screen.phone) {
        await page.getByRole('link', { name: 'Back to the messages' }).click();
        await expectNoHorizontalScroll(page);
      }
      await expect(page.getByRole('listitem', { name: email })).toContainText(/Replied on/);
    });
  });
}
