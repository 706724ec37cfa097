import { afterEach, describe, expect, it } from 'vitest';
import { databaseKind, startTestServer, type TestServer } from '../test/harness.js';

describe(`security headers and CORS (${databaseKind})`, () => {
  let server: TestServer | undefined;
  afterEach(() => server?.close());

  it('sends pages a strict CSP and the usual hardening headers; HSTS only over https', async () => {
    server = await startTestServer({ TRUST_PROXY: '127.0.0.1' });
    const plain = await server.app.inject({ method: 'GET', url: '/allProducts' });
    const csp = plain.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('stripe');
    expect(plain.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin', 'x-frame-options': 'DENY' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const viaHttps = await server.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('sends API answers the short set for data that is never a page, the docs the page set', async () => {
    server = await startTestServer({ TRUST_PROXY: '127.0.0.1' });
    const answer = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(answer.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(answer.headers['referrer-policy']).toBeUndefined();
    const viaHttps = await server.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const docs = await server.app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    expect(docs.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it("allows Stripe's script, frames and API only when Stripe is configured", async () => {
    server = await startTestServer({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    const csp = (await server.app.inject({ method: 'GET', url: '/allProducts' })).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
  });

  const preflight = (origin: string) =>
    server!.app.inject({
      method: 'OPTIONS',
      url: '/api/products',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });

  it('keeps CORS closed by default', async () => {
    server = await startTestServer();
    const answer = await preflight('https://elsewhere.example');
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const read = await server.app.inject({ method: 'GET', url: '/api/products', headers: { origin: 'https://elsewhere.example' } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('opens CORS to the listed origins only', async () => {
    server = await startTestServer({ CORS_ORIGINS: 'https://shop.example, https://admin.shop.example' });
    const allowed = await preflight('https://shop.example');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('authorization');
    const other = await preflight('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
