import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalisePartNumber } from '../../shared/catalog.js';
import { addDays } from '../../shared/dates.js';
import { isMultipleOfPack } from '../../shared/pricing.js';
import { productPatchSchema, tiersBelowPrice } from '../../shared/product-schemas.js';
import { checkInvariants } from '../system/invariants.js';
import { call, registerAdmin, startTestServer, type TestServer } from '../test/harness.js';
import { demoProducts } from './demo-data.js';
import { DEMO_ORDER_COUNT, DEMO_ORDER_DAYS, demoCustomers, planDemoOrders } from './demo-orders.js';
import { seedDemoCatalog } from './seed.js';

describe('demo catalog', () => {
  it('holds parts an admin could have entered: valid fields, specs and a part number each, no number twice', () => {
    for (const product of demoProducts) {
      const parsed = productPatchSchema.safeParse(product);
      expect(parsed.error?.issues ?? [], product.name).toEqual([]);
      expect(product.specs?.length, product.name).toBeGreaterThan(0);
    }
    const keys = demoProducts.map((p) => normalisePartNumber(p.sku!));
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(demoProducts.map((p) => p.category)).size).toBeGreaterThanOrEqual(10);
  });

  it("shows each part in a picture of its own kind: the file exists, and parts sharing a picture are of one category", () => {
    const categoriesOf = new Map<string, Set<string>>();
    for (const product of demoProducts) {
      const file = new URL(`../../web/public${product.img}`, import.meta.url);
      expect(existsSync(file), product.name).toBe(true);
      expect(readFileSync(file, 'utf8'), product.name).toMatch(/<title id="t-[a-z-]+">[^<]+<\/title>/);
      categoriesOf.set(product.img, (categoriesOf.get(product.img) ?? new Set()).add(product.category!));
    }
    for (const [img, categories] of categoriesOf) expect([...categories], img).toHaveLength(1);
    const pictureOf = (sku: string) => demoProducts.find((p) => p.sku === sku)!.img;
    expect(pictureOf('BR-2801-V')).toBe('/images/products/brake-disc.svg');
    expect(pictureOf('BD-2020-BL')).toBe('/images/products/bumper-bracket.svg');
  });

  it('sells some parts in bulk: price breaks below the price, packs that the minimum and the stock fill whole', () => {
    const tiered = demoProducts.filter((p) => p.priceBreaks?.length);
    const packed = demoProducts.filter((p) => (p.packSize ?? 1) > 1);
    expect(tiered.length).toBeGreaterThanOrEqual(6);
    expect(packed.length).toBeGreaterThanOrEqual(3);
    for (const product of tiered) expect(tiersBelowPrice(product.price, product.priceBreaks!), product.name).toBe(true);
    for (const { name, min, stock, packSize = 1, priceBreaks = [] } of packed) {
      expect([min, stock, ...priceBreaks.map((tier) => tier.minQuantity)].every((quantity) => isMultipleOfPack(quantity, packSize)), name).toBe(true);
    }
  });

  it('leaves the parts the shop\'s flows order and price (the original six, Radiator) at one price, any quantity', () => {
    const plain = [...demoProducts.slice(0, 6), demoProducts.find((p) => p.name === 'Radiator')!];
    expect(plain.map((p) => p.name)).toContain('Tire');
    for (const product of plain) expect([product.packSize, product.priceBreaks], product.name).toEqual([undefined, undefined]);
  });
});

describe('demo sales history', () => {
  let server: TestServer;
  const seededAt = new Date();
  beforeAll(async () => {
    server = await startTestServer();
    await seedDemoCatalog(server.db.kysely, server.app.log);
  }, 60_000);
  afterAll(async () => server?.close());

  it('is the same every time for the same moment, and never in the future', () => {
    const plans = planDemoOrders(seededAt);
    expect(planDemoOrders(seededAt)).toEqual(plans);
    const times = plans.flatMap(({ placedAt, outcome }) => [placedAt, ...Object.values(outcome).filter((value) => value.includes('T'))]);
    expect(times.every((at) => at < seededAt.toISOString())).toBe(true);
  });

  it(`places ${DEMO_ORDER_COUNT} orders of the demo customers over the last ${DEMO_ORDER_DAYS} days, none of them unpaid`, async () => {
    const orders = await server.db.kysely.selectFrom('orders').select(['created_at', 'email', 'status']).orderBy('created_at').execute();
    expect(orders).toHaveLength(DEMO_ORDER_COUNT);
    expect(orders[0]!.created_at > new Date(seededAt.getTime() - (DEMO_ORDER_DAYS + 1) * 86_400_000).toISOString()).toBe(true);
    expect(orders[0]!.created_at < new Date(seededAt.getTime() - (DEMO_ORDER_DAYS - 7) * 86_400_000).toISOString()).toBe(true);
    expect(new Set(orders.map((order) => order.email))).toEqual(new Set(demoCustomers.map((customer) => customer.email)));
    const statuses = new Set(orders.map((order) => order.status));
    expect([...statuses].sort()).toEqual(['cancelled', 'expired', 'pending', 'shipped']);
  });

  it('keeps the shop\'s invariants: history chains, totals of the lines, invoices 1..N, one payment per paid order', async () => {
    const report = await checkInvariants(server.db, new Map());
    expect(report.violations).toEqual([]);
    expect(report.payments).toBe((report.byStatus.pending ?? 0) + (report.byStatus.shipped ?? 0));
  });

  it('leaves the demo parts\' stock as the catalog gives it (the history was sold and restocked)', async () => {
    const products = await server.db.kysely.selectFrom('products').select(['sku', 'stock']).execute();
    expect(new Map(products.map((product) => [product.sku, product.stock]))).toEqual(new Map(demoProducts.map((product) => [product.sku, product.stock])));
  });

  it('lets demo customers not sign in with a password', async () => {
    const users = await server.db.kysely.selectFrom('users').select('password_hash').where('email', 'in', demoCustomers.map((customer) => customer.email)).execute();
    expect(users.map((user) => user.password_hash)).toEqual(demoCustomers.map(() => null));
  });

  it('gives the sales overview of the last 30 days revenue', async () => {
    const admin = await registerAdmin(server);
    const today = seededAt.toISOString().slice(0, 10);
    const response = await call(server.app, 'GET', `/api/admin/stats?from=${addDays(today, -29)}&to=${today}`, { token: admin.token });
    expect(response.statusCode).toBe(200);
    const stats = response.json();
    expect(stats.revenue).toBeGreaterThan(0);
    expect(stats.orders).toBeGreaterThan(30);
    expect(stats.topProducts.length).toBeGreaterThan(5);
  });

  it('has a trade account: Harbor Fleet Services approved with the Fleet contract list, its past orders its own in the top companies', async () => {
    const admin = await registerAdmin(server);
    const companies = (await call(server.app, 'GET', '/api/admin/companies?status=approved', { token: admin.token })).json();
    expect(companies.map((company: { name: string; priceListId: string }) => [company.name, company.priceListId])).toEqual([['Harbor Fleet Services', 'fleet-contract']]);
    const lists = (await call(server.app, 'GET', '/api/admin/price-lists', { token: admin.token })).json();
    expect(lists).toMatchObject([{ id: 'fleet-contract', discountPercent: 5, prices: [{ sku: 'BR-1507', price: 22, minQuantity: 1 }, { sku: 'BR-1507', price: 21, minQuantity: 500 }], companyCount: 1 }]);
    const today = seededAt.toISOString().slice(0, 10);
    const stats = (await call(server.app, 'GET', `/api/admin/stats?from=${addDays(today, -119)}&to=${today}`, { token: admin.token })).json();
    expect(stats.topCompanies.map((company: { name: string }) => company.name)).toEqual(['Harbor Fleet Services']);
  });
});
