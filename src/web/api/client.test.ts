import { apiFetch, ApiError, UNAUTHORIZED_EVENT } from './client.js';
import { mockFetch } from '../test/render.js';

describe('apiFetch', () => {
  it('sends the stored token and JSON, and parses the answer', async () => {
    localStorage.setItem('token', 'abc');
    const { calls } = mockFetch(() => ({ status: 201, body: { ok: true } }));
    await expect(apiFetch('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    expect(calls[0]?.headers).toMatchObject({ Authorization: 'Bearer abc', 'Content-Type': 'application/json' });
    expect(calls[0]?.body).toEqual({ a: 1 });
  });

  it('sends no token when told not to, or when none is stored', async () => {
    localStorage.setItem('token', 'abc');
    const { calls } = mockFetch(() => ({ status: 200, body: {} }));
    await apiFetch('/api/auth/login', { method: 'POST', body: {}, auth: false });
    localStorage.clear();
    await apiFetch('/api/products');
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[1]?.headers.Authorization).toBeUndefined();
  });

  it('turns the error shape into an ApiError with status, code, message and fields', async () => {
    mockFetch(() => ({
      status: 409,
      body: { error: { code: 'out_of_stock', message: 'Quantity Must be lower than 5 ', fields: { quantity: 'Quantity Must be lower than 5 ' } } },
    }));
    const error = (await apiFetch('/api/orders', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'out_of_stock', message: 'Quantity Must be lower than 5 ' });
    expect(error.fields).toEqual({ quantity: 'Quantity Must be lower than 5 ' });
  });

  it('clears the token on a 401 and tells the app', async () => {
    localStorage.setItem('token', 'expired');
    const listener = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, listener);
    mockFetch(() => ({ status: 401, body: { error: { code: 'unauthenticated', message: 'Please log in to continue' } } }));
    await expect(apiFetch('/api/me')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    window.removeEventListener(UNAUTHORIZED_EVENT, listener);
  });

  it('answers undefined for 204 and a generic error for a non-JSON failure', async () => {
    mockFetch((url) => (url === '/api/auth/logout' ? { status: 204 } : { status: 502 }));
    await expect(apiFetch('/api/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
    await expect(apiFetch('/api/products')).rejects.toMatchObject({ status: 502, code: 'http_error' });
  });
});
