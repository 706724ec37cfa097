import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, saveScreenshot } from './helpers.js';

test.describe('a visitor', () => {
  test('sees every section of the home page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    for (const landmark of ['banner', 'main', 'contentinfo'] as const) await expect(page.getByRole(landmark)).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    // Navbar: every entry, and Login because nobody is signed in.
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Products', 'Blogs', 'Portfolio', 'Dashboard', 'Login'])
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();

    // Hero: 'Purshase Now' (sic) leads to all products.
    const purchase = page.getByRole('link', { name: 'Purshase Now' });
    await expect(purchase).toHaveAttribute('href', '/allProducts');

    // Product grid: the first six products and a way to all of them.
    const products = page.getByRole('region', { name: 'Our Products' });
    await expect(products.getByRole('article')).toHaveCount(6);
    await expect(products.getByText(/^Available Items: \d+ units$/).first()).toBeVisible();
    await expect(products.getByText(/^Minimum Order Quantity: \d+ units$/).first()).toBeVisible();
    await expect(products.getByText(/^Price: \$[\d,.]+ \(per unit\)$/).first()).toBeVisible();
    await expect(products.getByRole('link', { name: /Order Now/ }).first()).toHaveAttribute('href', /^\/place-order\/\d+$/);
    await expect(page.getByRole('link', { name: 'See all products' })).toHaveAttribute('href', '/allProducts');
    const image = products.getByRole('img').first();
    await expect(image).toHaveAttribute('loading', 'lazy');
    await expect(image).toHaveAttribute('width', /\d+/);

    // Business summary figures of the SPEC.
    for (const figure of ['100M+', '60k+', '86%', '31 remaining', '10k+', 'Average rating 4.9'])
      await expect(page.getByText(figure, { exact: true })).toBeVisible();

    // Reviews show 'N stars'.
    await expect(page.getByText(/^[1-5] stars$/).first()).toBeVisible();

    await expect(page.getByRole('heading', { name: 'What We Provide' })).toBeVisible();
    for (const title of ['Shipping worldwide', 'Partnership program', 'Discounts and sales'])
      await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // Contact block (loaded as it scrolls into view).
    await page.getByRole('heading', { name: 'Get in touch' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

    // Footer: lists that lead nowhere (no dead links) and this year.
    const footer = page.getByRole('contentinfo');
    for (const list of ['Services', 'Company', 'Legal']) await expect(footer.getByRole('heading', { name: list })).toBeVisible();
    await expect(footer.getByRole('link')).toHaveCount(0);
    await expect(footer).toContainText(String(new Date().getFullYear()));
    await expect(page.locator('a[href="#"]')).toHaveCount(0);

    await saveScreenshot(page, 'home');
    await purchase.click();
    await expect(page).toHaveURL(/\/allProducts$/);
  });

  test('the home page does not download dashboard code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => /Dashboard|ManageProducts|ManageOrders|MakeAdmin|AddProduct|MyOrders|Payment/.test(url))).toEqual([]);
  });

  test('browses all products and searches them by name', async ({ page }) => {
    await page.goto('/allProducts');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(12);
    await saveScreenshot(page, 'all-products');

    await page.getByLabel('Search products by name').fill('TIRE');
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByRole('heading', { name: 'Tire' })).toBeVisible();

    await page.getByLabel('Search products by name').fill('no such part');
    await expect(page.getByText('No products match “no such part”.')).toBeVisible();

    await page.getByLabel('Search products by name').fill('');
    await expect(cards).toHaveCount(12);
  });

  test('is sent to login when ordering, and back to the product afterwards', async ({ page }) => {
    await page.goto('/allProducts');
    await page.getByRole('link', { name: 'Order Now: Tire' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill('customer@partsmith.example');
    await page.getByLabel('Password').fill('partsmith-customer');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('User logged in successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/place-order\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tire' })).toBeVisible();
  });

  test('reads the blogs, the portfolio and the not-found page', async ({ page }) => {
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(6);
    for (const topic of [/performance/i, /state/i, /prototypal inheritance/i, /update React state directly/i, /search/i, /unit tests/i])
      await expect(page.getByRole('heading', { level: 2, name: topic }).first()).toBeVisible();
    await page.getByText('Read more').first().click();
    await expect(page.getByText('Show less').first()).toBeVisible();

    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Partsmith Pit Crew');
    await expect(page.getByRole('heading', { name: 'Tech stack' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(3);

    await page.goto('/no/such/page');
    const image = page.locator('main img');
    await expect(image).toHaveCount(1);
    await expect(image).toHaveAttribute('src', '/images/not-found.svg');
    await expect(image).toHaveAttribute('alt', /not found/i);
    await expect(page.locator('main p, main a, main button')).toHaveCount(0);
  });

  test('sends a contact message, with validation', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Get in touch' }).scrollIntoViewIfNeeded();
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(form.getByText('Message is required')).toBeVisible();
    await form.getByLabel('Email').fill('Fleet@Example');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByText('Provide an Email')).toBeVisible();

    await form.getByLabel('Email').fill('fleet.manager@example.com');
    await form.getByLabel('Message').fill('Do you offer volume discounts on radiators? (e2e)');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Thank you! Your message is sent, we will reply by e-mail.')).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
  });

  test('pages pass axe-core: home, all products, login', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.getByRole('heading', { name: 'Get in touch' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/allProducts');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
