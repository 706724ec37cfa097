import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { z } from 'zod';
import { type Product, orderSchema, productSchema, vehicleSchema } from '../src/shared/api.js';
import { returnPageSchema } from '../src/shared/returns-api.js';
import { ADMIN, E2E_ADDRESS, apiLogin, apiRegister, newestMail, payOrderThroughApi, rowAction, signInWithToken, uniqueEmail } from './helpers.js';

/**
 * Issue 61's story: a paid order of 10 headlights and 2 remanufactured alternators (with core deposits) ships
 * in two parcels, the buyer returns 2 headlights that did not fit and 1 alternator core, the staff receive one
 * headlight damaged and refund, and the credit note, the stock, the order's history and the fitment-quality
 * list say so.
 *
 * Figures (to Portland, OR: no sales tax, pickup $0.00): 10 × $94.00 = $940.00 and 2 × $215.00 = $430.00 goods,
 * core deposits 2 × $25.00 = $50.00, total $1,420.00. The refund: the 2 headlights received (one damaged, both
 * refunded) 2 × $94.00 = $188.00, plus the core's deposit $25.00 = $213.00.
 */

async function newPart(request: APIRequestContext, admin: string, fields: { name: string; price: number; stock: number; coreCharge?: number }): Promise<Product> {
  const created = await request.post('/api/products', {
    headers: { Authorization: `Bearer ${admin}` },
    data: {
      name: fields.name,
      description: `${fields.name} for the after-the-sale story`,
      price: String(fields.price),
      stock: String(fields.stock),
      min: '1',
      img: '/images/products/headlight.svg',
      weightGrams: 1500,
      ...(fields.coreCharge === undefined ? {} : { coreCharge: fields.coreCharge }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return productSchema.parse(await created.json());
}

async function stockOf(request: APIRequestContext, product: Product): Promise<number> {
  const answer = await request.get(`/api/products/${product._id}`);
  return productSchema.parse(await answer.json()).stock;
}

test('an order ships in two parcels, comes back in part as a return that did not fit and a core, and is refunded with a credit note', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const admin = await apiLogin(request, ADMIN);
  const headlight = await newPart(request, admin, { name: `Story Headlight ${stamp}`, price: 94, stock: 50 });
  const alternator = await newPart(request, admin, { name: `Story Alternator ${stamp}`, price: 215, stock: 20, coreCharge: 25 });

  // The buyer: a Corolla in the garage, the order, paid.
  const email = uniqueEmail('after-sale');
  const buyer = await apiRegister(request, 'Robin Return', email);
  const asBuyer = { Authorization: `Bearer ${buyer}` };
  const corollas = z.array(vehicleSchema).parse(await (await request.get('/api/vehicles?year=2015&make=Toyota&model=Corolla')).json());
  const corolla = corollas.find((vehicle) => vehicle.submodel === 'LE' && vehicle.engine.startsWith('1.8L'))!;
  expect((await request.put(`/api/garage/${corolla.id}`, { headers: asBuyer })).status()).toBe(200);
  const placed = await request.post('/api/orders', {
    headers: asBuyer,
    data: {
      lines: [
        { productId: headlight._id, quantity: 10 },
        { productId: alternator._id, quantity: 2 },
      ],
      phone: '+1 555 0161',
      address: '1 Pine St, Portland',
      shippingAddress: E2E_ADDRESS,
      shippingMethodId: 'pickup',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = orderSchema.parse(await placed.json());
  expect([order.subtotal, order.coreDeposit, order.shipping, order.tax, order.total]).toEqual([1370, 50, 0, 0, 1420]);
  await payOrderThroughApi(request, buyer, order._id);

  // The staff ship 4 headlights by UPS, then everything left.
  await signInWithToken(page, admin);
  await page.goto('/dashboard/manage-orders');
  const row = page.getByTestId(`order-${order._id}`);
  await rowAction(row, `Ship units of order ${order.number}`);
  let dialog = page.getByRole('dialog', { name: `Ship order ${order.number}` });
  await dialog.getByLabel(`${headlight.sku} ${headlight.name} (10 left)`).fill('4');
  await dialog.getByLabel(`${alternator.sku} ${alternator.name} (2 left)`).fill('0');
  await dialog.getByLabel('Carrier').selectOption('UPS');
  await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await dialog.getByRole('button', { name: 'Record shipment' }).click();
  await expect(page.getByText(new RegExp(`^Shipment SHP-\\d{6} of order ${order.number} is recorded$`))).toBeVisible();
  await expect(row).toContainText('Partially shipped');
  // 10 + 2 = 12 units, 4 shipped.
  await expect(row).toContainText('Ship 8 of 12 units');
  const firstParcel = await newestMail(email, new RegExp(`^Part of order ${order.number} is shipped`));
  expect(firstParcel.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');

  await rowAction(row, `Ship units of order ${order.number}`);
  dialog = page.getByRole('dialog', { name: `Ship order ${order.number}` });
  await expect(dialog.getByLabel(`${headlight.sku} ${headlight.name} (6 left)`)).toHaveValue('6');
  await dialog.getByLabel('Tracking number').fill('1Z999AA10123456785');
  await dialog.getByRole('button', { name: 'Record shipment' }).click();
  await expect(row).toContainText('Shipped');
  await expect(row.getByRole('cell').nth(6)).toHaveText('Nothing');
  expect((await newestMail(email, new RegExp(`^Order ${order.number} is shipped`))).text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456785');

  // The buyer returns 2 headlights that did not fit the Corolla, and the old unit of 1 alternator.
  await signInWithToken(page, buyer);
  await page.goto(`/dashboard/orders/${order._id}`);
  await expect(page.getByText('1Z999AA10123456784')).toBeVisible();
  await page.getByTestId('return-parts').click();
  const headlightLine = page.getByTestId(`return-line-${headlight._id}`);
  await headlightLine.getByLabel('Units to return').fill('2');
  await headlightLine.getByLabel('Reason').selectOption('doesnt_fit');
  await headlightLine.getByLabel('Vehicle it did not fit').selectOption(String(corolla.id));
  const alternatorLine = page.getByTestId(`return-line-${alternator._id}`);
  await alternatorLine.getByLabel('Units to return').fill('1');
  await alternatorLine.getByLabel('Reason').selectOption('core');
  await page.getByRole('button', { name: 'Ask for the return' }).click();
  await expect(page.getByText(/^Return RMA-\d{6} is asked for/)).toBeVisible();
  const [asked] = returnPageSchema.parse(await (await request.get('/api/returns', { headers: asBuyer })).json()).items;
  expect(asked!.status).toBe('requested');

  // The staff approve it, receive one headlight damaged, and refund.
  await signInWithToken(page, admin);
  await page.goto('/dashboard/manage-returns');
  const returned = page.getByTestId(`return-${asked!.number}`);
  await returned.getByRole('button', { name: `Approve ${asked!.number}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`Return ${asked!.number} is approved`)).toBeVisible();
  await returned.getByRole('button', { name: `Receive ${asked!.number}` }).click();
  dialog = page.getByRole('dialog', { name: `Receive return ${asked!.number}` });
  await dialog.getByTestId(`receive-line-${headlight._id}`).getByLabel('Damaged').fill('1');
  await dialog.getByRole('button', { name: 'Receive and refund' }).click();
  await expect(page.getByText(new RegExp(`^Return ${asked!.number} is refunded: \\$213\\.00, credit note CN-\\d{6}$`))).toBeVisible();
  await expect(returned).toContainText('Refunded');

  // The credit note, as the buyer downloads it.
  const pdf = await request.get(`/api/returns/${asked!.id}/credit-note.pdf`, { headers: asBuyer });
  expect(pdf.status()).toBe(200);
  const file = join(tmpdir(), `credit-note-${stamp}.pdf`);
  writeFileSync(file, await pdf.body());
  const creditNote = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(creditNote).toMatch(/CN-\d{6}/);
  expect(creditNote).toContain(order.number);
  expect(creditNote).toContain(asked!.number);
  expect(creditNote).toContain('$213.00');

  // Stock: one undamaged headlight back (50 − 10 + 1); the alternator's core is not a part to sell (20 − 2).
  expect(await stockOf(request, headlight)).toBe(41);
  expect(await stockOf(request, alternator)).toBe(18);

  // The order: refunded $213.00 with its credit note, in its answer and its history.
  const after = orderSchema.parse(await (await request.get(`/api/order/${order._id}`, { headers: asBuyer })).json());
  expect(after.refunded).toBe(213);
  expect(after.refunds).toEqual([expect.objectContaining({ amount: 213, creditNote: expect.stringMatching(/^CN-\d{6}$/) })]);
  expect(after.lines.map((line) => [line.shippedQuantity, line.returnedQuantity])).toEqual([
    [10, 2],
    [2, 0],
  ]);
  const history = await (await request.get(`/api/orders/${order._id}/history`, { headers: asBuyer })).json();
  expect(history).toContainEqual(expect.objectContaining({ refund: expect.objectContaining({ amount: 213, creditNote: after.refunds[0]!.creditNote }) }));
  await signInWithToken(page, buyer);
  await page.goto(`/dashboard/orders/${order._id}`);
  await expect(page.getByText(after.refunds[0]!.creditNote).first()).toBeVisible();

  // The fitment-quality list: the headlight, with the Corolla named, which our data does not claim it fits.
  await signInWithToken(page, admin);
  await page.goto('/dashboard/fitment-quality');
  const quality = page.getByTestId(`fitment-quality-${headlight._id}`);
  await expect(quality).toContainText(headlight.name);
  await expect(quality.getByTestId('named-vehicle')).toContainText('Corolla');
  await expect(quality.getByTestId('named-vehicle')).toContainText('our data says it does not fit');
});
