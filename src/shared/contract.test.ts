import { ENDPOINTS, findEndpoint } from './contract.js';

describe('the HTTP contract table', () => {
  it('names each endpoint once', () => {
    const names = ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it('finds the endpoint of a call, ignoring the query, preferring a path written out in full', () => {
    expect(findEndpoint('GET', '/api/products?limit=24&cursor=7')?.path).toBe('/api/products');
    expect(findEndpoint('GET', '/api/orders/customer%40partsmith.example')?.path).toBe('/api/orders/:email');
    expect(findEndpoint('PATCH', '/api/orders/7')?.path).toBe('/api/orders/:id');
    expect(findEndpoint('GET', '/api/orders/7/history')?.path).toBe('/api/orders/:id/history');
    expect(findEndpoint('GET', '/api/payments/config')?.path).toBe('/api/payments/config');
    expect(findEndpoint('PUT', '/api/user/admin/a%40b.co')?.path).toBe('/api/user/admin/:email');
    expect(findEndpoint('post', 'http://127.0.0.1:3000/api/review')?.status).toBe(201);
    expect(findEndpoint('DELETE', '/api/auth/sessions')?.path).toBe('/api/auth/sessions');
    expect(findEndpoint('DELETE', '/api/auth/sessions/12')?.path).toBe('/api/auth/sessions/:id');
    expect(findEndpoint('POST', '/api/auth/password-reset')?.status).toBe(202);
    expect(findEndpoint('GET', '/api/products/7/open-orders')?.path).toBe('/api/products/:id/open-orders');
    expect(findEndpoint('GET', '/api/admin/reviews')?.path).toBe('/api/admin/reviews');
    expect(findEndpoint('GET', '/api/admin/a%40b.co')?.path).toBe('/api/admin/:email');
    expect(findEndpoint('PATCH', '/api/review/3')?.path).toBe('/api/review/:id');
    expect(findEndpoint('GET', '/api/orders/')).toBeUndefined();
    expect(findEndpoint('GET', '/api/nothing')).toBeUndefined();
  });
});
