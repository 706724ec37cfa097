import { cardMessages } from '../../shared/card.js';
import { errorMessages, messages } from '../../shared/messages.js';
import { apiError, contractProblem, serverMessage, takeViolations } from './fake-answers.js';
import { aProduct, unpaidOrder } from './fixtures.js';
import { mockFetch } from './render.js';

const order = {
  productId: '7',
  quantity: 20,
  phone: '+1 555 0100',
  shippingAddress: { name: 'Jane Buyer', line1: '1 Main Street', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' },
};

describe("the test fakes' contract check", () => {
  it('accepts what the server answers: the schema of the endpoint, its success status, its wording', () => {
    expect(contractProblem('POST', '/api/orders', order, { status: 201, body: unpaidOrder() })).toBeNull();
    expect(contractProblem('GET', '/api/products?limit=24&q=tire', undefined, { status: 200, body: { items: [aProduct()], nextCursor: null, didYouMean: null } })).toBeNull();
    expect(contractProblem('GET', '/api/payments/config', undefined, { status: 200, body: { provider: 'test', publishableKey: null } })).toBeNull();
    expect(contractProblem('POST', '/api/auth/logout', undefined, { status: 204 })).toBeNull();
    expect(contractProblem('GET', '/api/me', undefined, apiError(401, 'unauthenticated', errorMessages.unauthenticated))).toBeNull();
    expect(contractProblem('POST', '/api/payments/test/confirm', undefined, apiError(402, 'card_error', cardMessages.declined))).toBeNull();
    // A gateway in front of the shop may answer without JSON.
    expect(contractProblem('GET', '/api/products', undefined, { status: 502 })).toBeNull();
  });

  it('refuses an endpoint the server does not have, and a call left unanswered', () => {
    expect(contractProblem('GET', '/api/x', undefined, { status: 200, body: {} })).toMatch('GET /api/x: no such endpoint');
    expect(contractProblem('PUT', '/api/orders/7', undefined, { status: 200, body: unpaidOrder() })).toMatch('no such endpoint');
    expect(contractProblem('GET', '/api/me', undefined, undefined)).toMatch('gave no answer');
  });

  it('refuses an answer of the wrong shape or status, or to a body the server would refuse', () => {
    expect(contractProblem('POST', '/api/orders', order, { status: 201, body: { _id: '1' } })).toMatch("/api/orders's answer schema");
    expect(contractProblem('POST', '/api/orders', order, { status: 200, body: unpaidOrder() })).toMatch('a success answers 201, not 200');
    expect(contractProblem('POST', '/api/orders', { ...order, phone: '' }, { status: 201, body: unpaidOrder() })).toMatch(
      'the server would refuse this request body',
    );
    expect(contractProblem('POST', '/api/auth/logout', undefined, { status: 204, body: {} })).toMatch('has no body');
    expect(contractProblem('GET', '/api/me', undefined, { status: 404, body: { message: 'Not found' } })).toMatch('not the error shape');
    expect(contractProblem('GET', '/api/me', undefined, { status: 401 })).toMatch('not the error shape');
  });

  it("refuses an error message the server never words, in the message or a field's", () => {
    expect(contractProblem('GET', '/api/me', undefined, apiError(404, 'not_found', 'Not found'))).toMatch(
      'the server never words an answer "Not found"',
    );
    const validation = apiError(400, 'validation', errorMessages.validationFailed, { name: 'A product with this name exists' });
    expect(contractProblem('POST', '/api/products', undefined, validation)).toMatch('"A product with this name exists"');
  });

  it('accepts a parameterised message built by the server\'s own function, and only by one of those', () => {
    const tooMany = 'Quantity Must be lower than 1234 ';
    expect(contractProblem('POST', '/api/orders', order, apiError(409, 'out_of_stock', tooMany))).toMatch('never words');
    expect(serverMessage(messages.validation.quantityTooHigh, 1234)).toBe(tooMany);
    expect(contractProblem('POST', '/api/orders', order, apiError(409, 'out_of_stock', tooMany))).toBeNull();
    expect(() => serverMessage((n: number) => `Quantity Must be lower than ${n} `, 5)).toThrow('not one of the message functions');
  });

  it('fails the test through setup.ts, even when the page swallows the rejected fetch', async () => {
    mockFetch((url) => (url === '/api/me' ? { status: 200, body: { _id: '1' } } : undefined));
    await expect(fetch('/api/me')).rejects.toThrow("/api/me's answer schema");
    await expect(fetch('/api/orders')).rejects.toThrow('GET /api/orders: the test\'s fake server gave no answer');
    // setup.ts's afterEach throws with these; taken here, so that this test itself passes.
    expect(takeViolations()).toEqual([expect.stringContaining('GET /api/me'), expect.stringContaining('GET /api/orders')]);
  });
});
