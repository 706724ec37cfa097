import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { z } from 'zod';
import { vehicleSchema, type Vehicle } from '../src/shared/api.js';
import { vehicleName } from '../src/shared/fitment.js';
import { ADMIN, apiLogin, expectNoSeriousA11yViolations, saveScreenshot, signInWithToken } from './helpers.js';

/** The demo files (docs/samples), their part numbers made this run's own so that the test can run again on the same shop. */
async function samples(suffix: string) {
  const read = (name: string) => readFile(new URL(`../docs/samples/${name}`, import.meta.url), 'utf8');
  const own = (xml: string) => xml.replaceAll('LT-4412-L', `LT-4412-${suffix}`).replaceAll('BR-1610-C', `BR-1610-${suffix}`);
  return { pies: own(await read('pies-demo.xml')), aces: own(await read('aces-demo.xml')) };
}

async function corollaLe(request: APIRequestContext): Promise<Vehicle> {
  const vehicles = z.array(vehicleSchema).parse(await (await request.get('/api/vehicles?year=2015&make=Toyota&model=Corolla')).json());
  return vehicles.find((v) => v.submodel === 'LE')!;
}

test.describe('staff importing the trade’s files', () => {
  test('check a PIES and an ACES file with a dry run, apply them, and the storefront shows the parts and how they fit', async ({ page, request }) => {
    const suffix = Date.now().toString(36).toUpperCase();
    const files = await samples(suffix);
    const headlight = `LT-4412-${suffix}`;
    const token = await apiLogin(request, ADMIN);
    await signInWithToken(page, token);

    await page.goto('/dashboard/import-products');
    await expect(page.getByRole('heading', { name: 'Products as PIES (XML)' })).toBeVisible();
    // An ACES file before its parts exist: every App is reported, nothing can be applied.
    await page.getByLabel('Fitment as ACES (XML): file to import').setInputFiles({ name: 'aces.xml', mimeType: 'application/xml', buffer: Buffer.from(files.aces) });
    await expect(page.getByText('4 problems found, so nothing can be imported: fix the file and choose it again.')).toBeVisible();
    const problems = page.getByRole('region', { name: 'Problems in the ACES file' }).getByRole('row');
    await expect(problems.nth(1).getByRole('cell')).toHaveText(['1', `No part has the Part Number ${headlight}`]);
    await expect(page.getByRole('button', { name: 'Apply ACES import' })).toHaveCount(0);

    // The PIES file: checked (its jobber price read past), then applied.
    await page.getByLabel('Products as PIES (XML): file to import').setInputFiles({ name: 'pies.xml', mimeType: 'application/xml', buffer: Buffer.from(files.pies) });
    await expect(page.getByText('The file is checked and can be imported.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Read past (not an error) (PIES)' })).toContainText('Only the list price (LST) is read');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'dashboard-trade-files', false);
    await page.getByRole('button', { name: 'Apply PIES import' }).click();
    await expect(page.getByText('Import done: 2 created, 0 updated, 0 deleted.')).toBeVisible();

    // The ACES file again: now it checks, and applies.
    await page.getByLabel('Fitment as ACES (XML): file to import').setInputFiles({ name: 'aces.xml', mimeType: 'application/xml', buffer: Buffer.from(files.aces) });
    await expect(page.getByText('The file is checked and can be imported.')).toBeVisible();
    await page.getByRole('button', { name: 'Apply ACES import' }).click();
    await expect(page.getByText('Import done: 4 created, 0 updated, 0 deleted.')).toBeVisible();

    // The buyer with a 2015 Corolla finds the headlight, how it fits, its specs and interchange numbers.
    const vehicle = await corollaLe(request);
    await page.goto('/');
    await page.getByRole('button', { name: 'Choose your vehicle' }).click();
    await page.getByRole('combobox', { name: 'Year' }).selectOption('2015');
    await page.getByRole('combobox', { name: 'Make' }).selectOption('Toyota');
    await page.getByRole('combobox', { name: 'Model' }).selectOption('Corolla');
    await page.getByRole('combobox', { name: 'Engine / trim' }).selectOption({ label: `${vehicle.submodel} ${vehicle.engine}` });
    await page.getByRole('button', { name: 'Shop for this vehicle' }).click();
    await expect(page.getByText(/^Shopping for:/)).toHaveText(`Shopping for: ${vehicleName(vehicle, true)}`);
    await page.goto(`/parts/${headlight}`);
    await expect(page.getByRole('heading', { level: 1, name: 'LED Headlight Assembly (left)' })).toBeVisible();
    await expect(page.getByTestId('fit')).toContainText('Fits your 2015 Toyota Corolla — with LED headlights, front left');
    await expect(page.getByText('Left (driver)')).toBeVisible();
    await expect(page.getByText('312-1188L-AC')).toBeVisible();
    await expect(page.getByText('Shipping weight: 2.81 kg')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Fits these vehicles' }).getByRole('table', { name: 'Toyota Corolla' })).toBeVisible();
    await saveScreenshot(page, 'trade-data-product');
  });
});
