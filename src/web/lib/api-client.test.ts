import { errorMessages, messages } from '../../shared/messages.js';
import { apiError, serverMessage } from '../test/fake-answers.js';
import { signedIn } from '../test/fixtures.js';
import { mockFetch } from '../test/render.js';
import { apiFetch, ApiError, UNAUTHORIZED_EVENT } from './api-client.js';

const contactMessage = { _id: '1', email: 'buyer@garage.com', message: 'Hi', createdAt: '2030-06-01T10:00:00.000Z', read: false, repliedAt: null };
const login = { email: 'customer@partsmith.example', password: 'partsmith-customer' };

describe('apiFetch', () => {
  it('sends the stored token and JSON, and parses the answer', async () => {
    localStorage.setItem('token', 'abc');
    const { calls } = mockFetch(() => ({ status: 201, body: contactMessage }));
    const body = { email: 'buyer@garage.com', message: 'Hi' };
    await expect(apiFetch('/api/contact', { method: 'POST', body })).resolves.toEqual(contactMessage);
    expect(calls[0]?.headers).toMatchObject({ Authorization: 'Bearer abc', 'Content-Type': 'application/json' });
    expect(calls[0]?.body).toEqual(body);
  });

  it('sends no token when told not to, or when none is stored', async () => {
    localStorage.setItem('token', 'abc');
    const { calls } = mockFetch((url) => ({ status: 200, body: url === '/api/auth/login' ? signedIn : [] }));
    await apiFetch('/api/auth/login', { method: 'POST', body: login, auth: false });
    localStorage.clear();
    await apiFetch('/api/products');
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[1]?.headers.Authorization).toBeUndefined();
  });

  it('turns the error shape into an ApiError with status, code, message and fields', async () => {
    const tooMany = serverMessage(messages.validation.quantityTooHigh, 5);
    mockFetch(() => apiError(409, 'out_of_stock', tooMany, { quantity: tooMany }));
    const order = { productId: '3', quantity: 6, phone: '+1 555 0100', address: '1 Main Street' };
    const error = (await apiFetch('/api/orders', { method: 'POST', body: order }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'out_of_stock', message: 'Quantity Must be lower than 5 ' });
    expect(error.fields).toEqual({ quantity: 'Quantity Must be lower than 5 ' });
  });

  it('clears the token on a 401 and tells the app', async () => {
    localStorage.setItem('token', 'expired');
    const listener = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, listener);
    mockFetch(() => apiError(401, 'unauthenticated', errorMessages.unauthenticated));
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

  it('sends extra headers, and gives up after `timeoutMs` without an answer: status 0, code timeout', async () => {
    const { calls } = mockFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const order = { productId: '3', quantity: 6, phone: '+1 555 0100', address: '1 Main Street' };
    const started = Date.now();
    const error = await apiFetch('/api/orders', { method: 'POST', body: order, headers: { 'Idempotency-Key': 'k-1' }, timeoutMs: 50 }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 0, code: 'timeout', message: messages.ui.networkError });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(calls[0]?.headers).toMatchObject({ 'Idempotency-Key': 'k-1', 'Content-Type': 'application/json' });
  });
});

