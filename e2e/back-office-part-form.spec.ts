import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { z } from 'zod';
import { applicationSchema, productSchema, vehicleSchema, type Vehicle } from '../src/shared/api.js';
import { vehicleName } from '../src/shared/fitment.js';
import { messages } from '../src/shared/messages.js';
import { ADMIN, apiLogin, apiRegister, expectNoHorizontalScroll, saveScreenshot, signInWithToken, uniqueEmail } from './helpers.js';

// Issue 62: a new part gets its vehicle fitment and an OE number in its own form, and then "fits" on the storefront.

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();

/** The 2015 Toyota Corolla LE with the 1.8L engine, as the demo vehicle base has it. */
async function corolla(request: APIRequestContext): Promise<Vehicle> {
  const vehicles = z.array(vehicleSchema).parse(await (await request.get('/api/vehicles?year=2015&make=Toyota&model=Corolla')).json());
  const vehicle = vehicles.find((v) => v.submodel === 'LE' && v.engine.startsWith('1.8L'));
  expect(vehicle, 'the demo base has a 2015 Toyota Corolla LE 1.8L').toBeDefined();
  return vehicle!;
}

/** Another 2015 make and model of the base than Toyota's, for a second application. */
async function anotherModel(request: APIRequestContext): Promise<{ make: string; model: string }> {
  const makes = z.array(z.string()).parse(await (await request.get('/api/vehicles/makes?year=2015')).json());
  const make = makes.find((name) => name !== 'Toyota');
  expect(make, 'the demo base has another make in 2015').toBeDefined();
  const models = z.array(z.string()).parse(await (await request.get(`/api/vehicles/models?year=2015&make=${encodeURIComponent(make!)}`)).json());
  return { make: make!, model: models[0]! };
}

async function fillVehicle(page: Page, row: number, vehicle: { from: string; to: string; make: string; model: string }) {
  await page.getByLabel(`Year From of vehicle ${row}`).fill(vehicle.from);
  await page.getByLabel(`Year To of vehicle ${row}`).fill(vehicle.to);
  await page.getByLabel(`Make of vehicle ${row}`).fill(vehicle.make);
  await page.getByLabel(`Model of vehicle ${row}`).fill(vehicle.model);
}

test.describe('an admin adds a part with its fitment and numbers', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('adds a part fitting two vehicles with an OE number, views it, and a buyer with one of those vehicles sees it fit and finds it by the OE number', async ({
    page,
    request,
  }) => {
    const vehicle = await corolla(request);
    const other = await anotherModel(request);
    const id = stamp();
    const name = `Cabin Air Filter ${id}`;
    const oe = `87139-E${id}`;
    await signInWithToken(page, await apiLogin(request, ADMIN));

    await page.goto('/dashboard/add-products');
    await page.getByLabel('Product Name').fill(name);
    await page.getByLabel('Product Description').fill('Pollen and dust filter for the cabin air.');
    await page.getByLabel('Price ($ per unit)').fill('14.90');
    await page.getByLabel('Available Stock').fill('40');
    await page.getByLabel('Minimum Order Quantity').fill('1');
    await page.getByLabel('Product Image').fill('/images/products/air-filter.svg');
    await expect(page.getByRole('img', { name: 'Preview of the product image' })).toBeVisible();
    // A category must be chosen: saving without one says so.
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.locator('.field-error', { hasText: 'Choose a category' })).toBeVisible();
    await page.getByLabel('Category').selectOption({ label: 'Filters' });

    await page.getByRole('button', { name: 'Add a vehicle' }).click();
    await fillVehicle(page, 1, { from: '2014', to: '2016', make: 'Toyota', model: 'Corolla' });
    // The base suggests the make's models as they are typed.
    await expect(page.getByLabel('Model of vehicle 1')).toHaveAttribute('list', /.+/);
    await page.getByRole('button', { name: 'Add a vehicle' }).click();
    await fillVehicle(page, 2, { from: '2015', to: '2015', ...other });
    await page.getByRole('button', { name: 'Add a number' }).click();
    await page.getByLabel('Type of number 1').selectOption({ label: 'OE number' });
    await page.getByLabel('Brand of number 1').fill('Toyota');
    await page.getByLabel('Number of number 1').fill(oe);
    await saveScreenshot(page, 'back-office-part-form-filled');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText(`The Product ${name} is added successfully`)).toBeVisible();

    await page.getByRole('link', { name: 'View part' }).click();
    await expect(page).toHaveURL(/\/parts\/FL-\d+$/);
    await expect(page.getByRole('heading', { name, exact: true }).first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'OE and cross-reference numbers' })).toContainText(oe);

    // A buyer with a 2015 Corolla (an account of their own: a garage is kept with the account): the part is among the parts that fit it.
    await signInWithToken(page, await apiRegister(request, 'Corolla Owner', uniqueEmail('corolla')));
    await page.goto('/');
    await page.getByRole('button', { name: 'Choose your vehicle' }).click();
    await page.getByRole('combobox', { name: 'Year' }).selectOption('2015');
    await page.getByRole('combobox', { name: 'Make' }).selectOption('Toyota');
    await page.getByRole('combobox', { name: 'Model' }).selectOption('Corolla');
    await page.getByRole('combobox', { name: 'Engine / trim' }).selectOption({ label: [vehicle.submodel, vehicle.engine].filter(Boolean).join(' ') });
    await page.getByRole('button', { name: 'Shop for this vehicle' }).click();
    await expect(page.getByText(/^Shopping for:/)).toHaveText(`Shopping for: ${vehicleName(vehicle, true)}`);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card.getByTestId('fit')).toHaveText(/Fits your 2015 Toyota Corolla/);

    // Its OE number, typed as a buyer reads it off the old part, finds it.
    await page.getByLabel('Search products by name or part number').fill(oe.toLowerCase().replace(/-/g, ' '));
    await expect(page.getByTestId('number-match')).toContainText(`${oe} is the OE number of ${name}`);
    await expect(card).toBeVisible();
  });
});

test.describe('on a phone, an admin edits a part’s fitment', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('adds a vehicle to a part in its form, and the part keeps both', async ({ page, request }) => {
    const token = await apiLogin(request, ADMIN);
    const other = await anotherModel(request);
    const name = `Wiper Blade ${stamp()}`;
    const created = await request.post('/api/products', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        name,
        description: 'A 24-inch wiper blade.',
        price: '9.50',
        stock: '12',
        min: '1',
        category: 'wipers',
        applications: [{ yearFrom: 2015, yearTo: 2015, make: 'Toyota', model: 'Corolla' }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const part = productSchema.parse(await created.json());
    await signInWithToken(page, token);

    await page.goto(`/dashboard/edit-product/${part._id}`);
    await expect(page.getByLabel('Make of vehicle 1')).toHaveValue('Toyota');
    await page.getByRole('button', { name: 'Add a vehicle' }).click();
    await fillVehicle(page, 2, { from: '2015', to: '2015', ...other });
    await page.getByLabel('Position of vehicle 2').selectOption('Front');
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'back-office-part-form-phone');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(messages.ui.productAdmin.productSaved(name))).toBeVisible();

    const fitment = z.array(applicationSchema).parse(await (await request.get(`/api/products/${part._id}/fitment`)).json());
    expect(fitment.map((a) => [a.make, a.model, a.position]).sort()).toEqual(
      [
        ['Toyota', 'Corolla', ''],
        [other.make, other.model, 'Front'],
      ].sort(),
    );
  });
});
