import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { z } from 'zod';
import { applicationSchema, productPageSchema, vehicleSchema, type Product, type Vehicle } from '../src/shared/api.js';
import { applicationFits, vehicleName } from '../src/shared/fitment.js';
import { vinCheckDigit } from '../src/shared/vin.js';
import { messages } from '../src/shared/messages.js';
import { fieldMessages } from '../src/shared/schemas.js';
import { apiRegister, expectNoSeriousA11yViolations, saveScreenshot, signInWithToken, uniqueEmail } from './helpers.js';

// The demo data (src/server/seed/demo-vehicles.ts, demo-fitment.ts) is read through the API, so the test
// follows it as it grows: which parts fit a 2015 Corolla, which of them only with a qualifier, their OE numbers.

/** A VIN as written, its check digit (the 9th character) made right. */
const withCheckDigit = (draft: string) => `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
/** A Toyota built in Canada (WMI 2T1), model year 2015 (F, with a letter in position 7). */
const TOYOTA_2015_VIN = withCheckDigit('2T1BURHE0FC123456');
/** The same with a wrong check digit. */
const MISTYPED_VIN = `${TOYOTA_2015_VIN.slice(0, 8)}${TOYOTA_2015_VIN[8] === '1' ? '2' : '1'}${TOYOTA_2015_VIN.slice(9)}`;

/** The 2015 Toyota Corolla LE with the 1.8L engine, as the vehicle base has it. */
async function corolla(request: APIRequestContext): Promise<Vehicle> {
  const response = await request.get('/api/vehicles?year=2015&make=Toyota&model=Corolla');
  expect(response.status(), await response.text()).toBe(200);
  const vehicles = z.array(vehicleSchema).parse(await response.json());
  const vehicle = vehicles.find((v) => v.submodel === 'LE' && v.engine.startsWith('1.8L'));
  expect(vehicle, 'the demo base has a 2015 Toyota Corolla LE 1.8L').toBeDefined();
  return vehicle!;
}

/** The parts for a vehicle, as the catalog lists them (`fitsOnly=false`: every part, saying whether it fits). */
async function partsFor(request: APIRequestContext, vehicle: Vehicle, fitsOnly = true): Promise<Product[]> {
  const response = await request.get(`/api/products?limit=100&vehicle=${vehicle.id}${fitsOnly ? '' : '&fitsOnly=false'}`);
  expect(response.status(), await response.text()).toBe(200);
  return productPageSchema.parse(await response.json()).items;
}

const card = (page: Page, product: Product) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });

/** The engine list's option for a vehicle: its trim and engine. */
const trimAndEngine = (vehicle: Vehicle) => [vehicle.submodel, vehicle.engine].filter(Boolean).join(' ');

test.describe('a buyer finds the parts that fit', () => {
  let consoleErrors: string[];
  test.beforeEach(({ page }) => {
    consoleErrors = [];
    page.on('console', (message) => {
      // A search looked up as a number no part carries (404) and a mistyped VIN (400) are answers, not failures.
      if (message.type() === 'error' && !/\/api\/(parts\/lookup|vehicles\/vin\/)/.test(message.location().url)) consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  });

  test('picks 2015 → Toyota → Corolla → 1.8L on the home page, sees only the parts that fit with their qualifiers, and the vehicles a part fits', async ({
    page,
    request,
  }) => {
    const vehicle = await corolla(request);
    const fitting = await partsFor(request, vehicle);
    const everything = await partsFor(request, vehicle, false);
    expect(fitting.length, 'some demo parts fit a 2015 Corolla').toBeGreaterThan(0);
    expect(fitting.length, 'some demo parts do not fit it').toBeLessThan(everything.length);
    // The first page of cards (24) holds it.
    const qualified = fitting.slice(0, 24).find((product) => product.fitment?.qualifier);
    expect(qualified, 'a demo part fits a 2015 Corolla only with a qualifier').toBeDefined();

    await page.goto('/');
    await page.getByRole('button', { name: 'Choose your vehicle' }).click();
    await page.getByRole('combobox', { name: 'Year' }).selectOption('2015');
    await page.getByRole('combobox', { name: 'Make' }).selectOption('Toyota');
    await page.getByRole('combobox', { name: 'Model' }).selectOption('Corolla');
    await page.getByRole('combobox', { name: 'Engine / trim' }).selectOption({ label: trimAndEngine(vehicle) });
    // One click: choosing the vehicle shows its parts.
    await page.getByRole('button', { name: 'Shop for this vehicle' }).click();
    await expect(page).toHaveURL(new RegExp(`/allProducts\\?vehicle=${vehicle.id}$`));
    await expect(page.getByText(/^Shopping for:/)).toHaveText(`Shopping for: ${vehicleName(vehicle, true)}`);
    await expect(page.getByRole('checkbox', { name: 'Only parts that fit' })).toBeChecked();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(Math.min(fitting.length, 24));
    await expect(cards.getByTestId('fit').filter({ hasText: 'Fits your 2015 Toyota Corolla' })).toHaveCount(Math.min(fitting.length, 24));
    const { qualifier } = qualified!.fitment!;
    await expect(card(page, qualified!).getByTestId('fit')).toContainText(`Fits your 2015 Toyota Corolla — ${qualifier}`);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'fitment-catalog');

    // Every part, each saying whether it fits.
    await page.getByRole('checkbox', { name: 'Only parts that fit' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]vehicle=${vehicle.id}&fitsOnly=false$`));
    const misfit = everything.slice(0, 24).find((product) => product.fitment?.fits === false)!;
    await expect(card(page, misfit).getByTestId('fit')).toHaveText('✕Does not fit your 2015 Toyota Corolla');
    await page.getByRole('checkbox', { name: 'Only parts that fit' }).click();
    await expect(page).toHaveURL(new RegExp(`/allProducts\\?vehicle=${vehicle.id}$`));

    // The part's own page: whether it fits (the same rule, in the browser), and every vehicle it fits.
    await card(page, qualified!).getByRole('link', { name: qualified!.name }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: qualified!.name })).toBeVisible();
    await expect(page.getByTestId('fit')).toContainText(`Fits your 2015 Toyota Corolla — ${qualifier}`);
    const applications = z.array(applicationSchema).parse(await (await request.get(`/api/products/${qualified!._id}/fitment`)).json());
    const fits = applications.find((application) => applicationFits(application, vehicle))!;
    const corollaTable = page.getByRole('region', { name: 'Fits these vehicles' }).getByRole('table', { name: 'Toyota Corolla' });
    await expect(corollaTable.getByRole('row').filter({ hasText: messages.ui.fitment.years(fits.yearFrom, fits.yearTo) }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Fits these vehicles' }).getByRole('table')).toHaveCount(
      new Set(applications.map((application) => `${application.make} ${application.model}`)).size,
    );
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'fitment-product');
    expect(consoleErrors).toEqual([]);
  });

  test('types an OE number of a demo part into the search and sees it matched as OE', async ({ page, request }) => {
    const parts = await partsFor(request, await corolla(request), false);
    const part = parts.find((product) => product.numbers.some((number) => number.type === 'oe'));
    expect(part, 'a demo part has an OE number').toBeDefined();
    const oe = part!.numbers.find((number) => number.type === 'oe')!;

    await page.goto('/allProducts');
    // Typed as a buyer reads it off the old part: lower case, spaces for its dashes.
    await page.getByLabel('Search products by name or part number').fill(oe.number.toLowerCase().replace(/-/g, ' '));
    const notice = page.getByTestId('number-match');
    await expect(notice).toHaveText(`${oe.number} is the OE number of ${part!.name} (${part!.sku})`);
    await expect(card(page, part!)).toBeVisible();
    await notice.getByRole('link', { name: `${part!.name} (${part!.sku})` }).click();
    await expect(page).toHaveURL(new RegExp(`/parts/${encodeURIComponent(part!.sku)}$`));
    await expect(page.getByRole('table', { name: 'OE and cross-reference numbers' })).toContainText(oe.number);
    expect(consoleErrors).toEqual([]);
  });

  test('enters a VIN: a mistyped one is refused with the reason, a right one offers the vehicles it may be', async ({ page, request }) => {
    const vehicle = await corolla(request);
    await page.goto('/allProducts');
    const vin = page.getByLabel('Or enter your VIN');
    await vin.fill(MISTYPED_VIN);
    await page.getByRole('button', { name: 'Find my vehicle' }).click();
    await expect(page.getByRole('alert')).toHaveText(fieldMessages.vinCheckDigit);
    await expect(vin).toHaveAttribute('aria-invalid', 'true');

    await vin.fill(TOYOTA_2015_VIN);
    await page.getByRole('button', { name: 'Find my vehicle' }).click();
    await expect(page.getByText('This VIN is a 2015 Toyota. Which one is yours?')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: vehicleName(vehicle, true), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/allProducts\\?vehicle=${vehicle.id}$`));
    await expect(page.getByText(/^Shopping for:/)).toHaveText(`Shopping for: ${vehicleName(vehicle, true)}`);
    await expect(page.getByRole('article').first().getByTestId('fit')).toContainText('Fits your 2015 Toyota Corolla');
    expect(consoleErrors).toEqual([]);
  });

  test("keeps a visitor's vehicle in the browser, and moves it into the account at sign-in", async ({ page, request }) => {
    const vehicle = await corolla(request);
    await page.goto('/allProducts');
    await page.getByRole('combobox', { name: 'Year' }).selectOption('2015');
    await page.getByRole('combobox', { name: 'Make' }).selectOption('Toyota');
    await page.getByRole('combobox', { name: 'Model' }).selectOption('Corolla');
    await page.getByRole('combobox', { name: 'Engine / trim' }).selectOption({ label: trimAndEngine(vehicle) });
    await page.getByRole('button', { name: 'Shop for this vehicle' }).click();
    await expect(page.getByRole('group', { name: 'My garage' }).getByRole('radio', { name: vehicleName(vehicle, true) })).toBeChecked();

    // Another visit: still there.
    await page.reload();
    await expect(page.getByText(/^Shopping for:/)).toHaveText(`Shopping for: ${vehicleName(vehicle, true)}`);

    const token = await apiRegister(request, 'Gary Garage', uniqueEmail('garage'));
    await signInWithToken(page, token);
    await page.goto('/allProducts');
    await expect(page.getByText(/^Shopping for:/)).toHaveText(`Shopping for: ${vehicleName(vehicle, true)}`);
    await expect
      .poll(async () => {
        const garage = await request.get('/api/garage', { headers: { Authorization: `Bearer ${token}` } });
        return z.array(vehicleSchema).parse(await garage.json()).map((v) => v.id);
      })
      .toEqual([vehicle.id]);
    expect(consoleErrors).toEqual([]);
  });
});
