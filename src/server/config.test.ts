import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', database: { kind: 'sqlite', file: 'data/shop.db' }, seedDemo: true });
  });
  it('selects PostgreSQL from a postgres:// URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/shop' }).database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/shop' });
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.db' }).database).toEqual({ kind: 'sqlite', file: '/tmp/x.db' });
  });
  it('believes forwarded headers only from a configured proxy', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must be the load balancer's address/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: 'loopback, ::1' }).trustProxy).toEqual(['loopback', '::1']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });
  it("takes the shop's address and e-mail for invoices, with line breaks written as \\n", () => {
    expect(loadConfig({}).shop).toMatchObject({ address: '100 Foundry Road\nSpringfield, IL 62701\nUnited States', email: '' });
    expect(loadConfig({ SHOP_ADDRESS: 'Unit 4\\nDock Lane', SHOP_EMAIL: 'orders@example.com' }).shop).toMatchObject({
      address: 'Unit 4\nDock Lane',
      email: 'orders@example.com',
    });
    expect(() => loadConfig({ SHOP_EMAIL: 'orders' })).toThrow(/SHOP_EMAIL: must be an e-mail address/);
  });
  it('gives returns 30 days from the shipment and cores 90, or the days set', () => {
    expect(loadConfig({}).returns).toEqual({ windowDays: 30, coreDays: 90 });
    expect(loadConfig({ RETURN_WINDOW_DAYS: '14', CORE_RETURN_DAYS: '180' }).returns).toEqual({ windowDays: 14, coreDays: 180 });
    expect(() => loadConfig({ RETURN_WINDOW_DAYS: '0' })).toThrow(/RETURN_WINDOW_DAYS: must be a whole number of days/);
    expect(() => loadConfig({ CORE_RETURN_DAYS: '2.5' })).toThrow(/CORE_RETURN_DAYS: must be a whole number of days/);
  });
  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.com' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'secret1' })).toThrow(/ADMIN_EMAIL/);
  });
});
