import { screen, waitFor, within } from '@testing-library/react';
import { cardMessages } from '../../../../shared/card.js';
import { errorMessages, messages } from '../../../../shared/messages.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { apiError, serverMessage } from '../../../test/fake-answers.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { deferred, paidOrder, unpaidOrder, vermontOrder, VERMONT_CHARGES } from '../../../test/fixtures.js';
import type { Order } from '../../../../shared/api.js';
import { PaymentPage } from './PaymentPage.js';

// Stripe's packages must not load in test mode: these stand-ins record it if they ever are.
const stripeLoaded = vi.hoisted(() => ({ js: false, react: false }));
vi.mock('@stripe/stripe-js', () => {
  stripeLoaded.js = true;
  return { loadStripe: vi.fn() };
});
vi.mock('@stripe/react-stripe-js', () => {
  stripeLoaded.react = true;
  return {};
});

const CLIENT_SECRET = 'pi_test_123_secret_abc';

type Answer = { status: number; body?: unknown };

interface Setup {
  order?: Order;
  intent?: Promise<Answer> | Answer;
  confirm?: (body: { card: { number: string } }) => Answer;
  patch?: () => Promise<Answer> | Answer;
}

function setup({ order = unpaidOrder(), intent, confirm, patch }: Setup = {}) {
  const fetched = mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === `/api/order/${order._id}`) return { status: 200, body: order };
    if (url === '/api/payments/config') return { status: 200, body: { provider: 'test', publishableKey: null } };
    if (url === '/api/create-payment-intent' && method === 'POST')
      return intent ?? { status: 200, body: { clientSecret: CLIENT_SECRET, amount: order.total } };
    if (url === '/api/payments/test/confirm' && method === 'POST') {
      const body = JSON.parse(String(init.body)) as { card: { number: string } };
      return confirm ? confirm(body) : { status: 200, body: { paymentIntent: { id: 'pi_test_123', status: 'succeeded', amount: order.total } } };
    }
    if (url === `/api/orders/${order._id}` && method === 'PATCH')
      return patch ? patch() : { status: 200, body: paidOrder('pi_test_123', { _id: order._id }) };
    return undefined;
  });
  const view = renderWithProviders(<PaymentPage />, {
    auth: fakeAuth({ user: customer }),
    route: `/dashboard/payment/${order._id}`,
    path: '/dashboard/payment/:orderId',
  });
  return { ...view, ...fetched };
}

async function fillCard(user: ReturnType<typeof setup>['user'], card: { number: string; expiry: string; cvc: string }) {
  await user.clear(screen.getByLabelText('Card number'));
  await user.clear(screen.getByLabelText('Expiry'));
  await user.clear(screen.getByLabelText('CVC'));
  if (card.number) await user.type(screen.getByLabelText('Card number'), card.number);
  if (card.expiry) await user.type(screen.getByLabelText('Expiry'), card.expiry);
  if (card.cvc) await user.type(screen.getByLabelText('CVC'), card.cvc);
}

const payButton = () => screen.getByRole('button', { name: 'Pay' });

beforeEach(() => {
  // Card expiry is checked against today: June 2030 in these tests.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-06-15T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PaymentPage with the test processor', () => {
  it("shows the order in the original words (docs/legacy-contract.md#screen-text) and a labelled test-mode card form", async () => {
    setup();
    expect(await screen.findByText('Hello, Casey Customer')).toBeInTheDocument();
    expect(screen.getByText('Please Pay for Brake Pads')).toBeInTheDocument();
    expect(screen.getByText('Your Order is 120 units of Brake Pads')).toBeInTheDocument();
    expect(screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'Please pay: $1,500')).toBeInTheDocument();
    expect(
      await screen.findByText('Test mode — no real card is charged. Use 4242 4242 4242 4242 with any future date and any CVC.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
    expect(screen.getByLabelText('Expiry')).toHaveAttribute('placeholder', 'MM / YY');
    expect(screen.getByLabelText('CVC')).toBeInTheDocument();
    expect(stripeLoaded).toEqual({ js: false, react: false });
  });

  it("shows the order's number and its lines above the original texts", async () => {
    const twoParts = unpaidOrder({
      product: 'Brake Pads and 1 more part',
      subtotal: 1600,
      total: 1600,
      lines: [
        { productId: '3', sku: 'BR-2040', product: 'Brake Pads', quantity: 120, unitPrice: 12.5, listPrice: 12.5, lineTotal: 1500, coreCharge: 0, shippedQuantity: 0, returnedQuantity: 0 },
        { productId: '5', sku: 'FL-2200', product: 'Oil Filter', quantity: 8, unitPrice: 12.5, listPrice: 12.5, lineTotal: 100, coreCharge: 0, shippedQuantity: 0, returnedQuantity: 0 },
      ],
    });
    setup({ order: twoParts });
    const heading = await screen.findByRole('heading', { name: 'Pay for order ORD-000007' });
    const lines = screen.getByRole('table', { name: 'Parts of order ORD-000007' });
    expect(
      within(lines)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Brake Pads BR-2040120$12.50$1,500.00', 'Oil Filter FL-22008$12.50$100.00', 'Subtotal$1,600.00']);
    const legacy = screen.getByText('Please Pay for Brake Pads and 1 more part');
    expect(heading.compareDocumentPosition(legacy) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(lines.compareDocumentPosition(legacy) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('asks for the total charged, goods + shipping + tax, with the breakdown above it', async () => {
    // $1,500.00 + $11.00 Ground + $90.00 VT 6% + $15.11 Local Option 1% = $1,616.11.
    setup({ order: vermontOrder() });
    const askFor = await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === 'Please pay: $1,616.11');
    const charges = screen.getByRole('table', { name: 'Charges of order ORD-000007' });
    expect(within(charges).getAllByRole('row').map((row) => row.textContent)).toEqual(VERMONT_CHARGES);
    expect(charges.compareDocumentPosition(askFor) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('Burlington, VT 05401')).toBeInTheDocument();
  });

  it('says until when the parts of the unpaid order are held, in local time, and no longer once it is paid', async () => {
    const { user } = setup();
    const held = messages.ui.heldUntil(formatDateTime('2030-06-02T10:00:00.000Z'));
    expect(await screen.findByTestId('held-until')).toHaveTextContent(held);
    await waitFor(() => expect(payButton()).toBeEnabled());
    await fillCard(user, { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
    await user.click(payButton());
    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument();
    expect(screen.queryByText(held)).not.toBeInTheDocument();
  });

  it('keeps Pay disabled until the client secret exists', async () => {
    const intent = deferred<Answer>();
    const { user, calls } = setup({ intent: intent.promise });
    await screen.findByLabelText('Card number');
    expect(payButton()).toBeDisabled();
    await fillCard(user, { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
    await user.click(payButton());
    expect(calls.some((call) => call.url === '/api/payments/test/confirm')).toBe(false);
    expect(calls.find((call) => call.url === '/api/create-payment-intent')?.body).toEqual({ orderId: '7' });
    intent.resolve({ status: 200, body: { clientSecret: CLIENT_SECRET, amount: 1500 } });
    await waitFor(() => expect(payButton()).toBeEnabled());
  });

  it.each([
    ['4242', '12 / 34', '123', cardMessages.numberIncomplete, 'Card number'],
    ['4242 4242 4242 4241', '12 / 34', '123', cardMessages.numberInvalid, 'Card number'],
    ['4242 4242 4242 4242', '1', '123', cardMessages.expiryIncomplete, 'Expiry'],
    ['4242 4242 4242 4242', '13 / 34', '123', cardMessages.expiryMonthInvalid, 'Expiry'],
    ['4242 4242 4242 4242', '12 / 29', '123', cardMessages.expiryYearPast, 'Expiry'],
    ['4242 4242 4242 4242', '05 / 30', '123', cardMessages.expiryPast, 'Expiry'],
    ['4242 4242 4242 4242', '12 / 34', '12', cardMessages.cvcIncomplete, 'CVC'],
  ])('checks %j / %j / %j on submit: %s', async (number, expiry, cvc, message, field) => {
    const { user, calls } = setup();
    await waitFor(() => expect(payButton()).toBeEnabled());
    await fillCard(user, { number, expiry, cvc });
    await user.click(payButton());
    const error = await screen.findByText(message);
    expect(error).toHaveClass('text-red-700');
    expect(error).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText(field)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.url === '/api/payments/test/confirm')).toBe(false);
  });

  it("uses Stripe's wording, the same the server checks with", () => {
    expect(cardMessages).toMatchObject({
      numberIncomplete: 'Your card number is incomplete.',
      numberInvalid: 'Your card number is invalid.',
      expiryIncomplete: "Your card's expiration date is incomplete.",
      expiryPast: "Your card's expiration date is in the past.",
      expiryYearPast: "Your card's expiration year is in the past.",
      expiryMonthInvalid: "Your card's expiration date is invalid.",
      cvcIncomplete: "Your card's security code is incomplete.",
    });
  });

  it('shows a declined card in red and leaves the order unpaid', async () => {
    const { user, calls } = setup({
      confirm: () => apiError(402, 'card_error', cardMessages.declined),
    });
    await waitFor(() => expect(payButton()).toBeEnabled());
    await fillCard(user, { number: '4000 0000 0000 0002', expiry: '12 / 34', cvc: '123' });
    await user.click(payButton());
    expect(await screen.findByText('Your card was declined.')).toHaveClass('text-red-700');
    // Focused, so scrolled into view (on a phone it is under the form) and read out.
    expect(screen.getByText('Your card was declined.')).toHaveFocus();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    expect(screen.queryByText('Congrats! Your payment is completed.')).not.toBeInTheDocument();
    expect(payButton()).toBeEnabled();
  });

  it('confirms the card, records the payment, then shows the receipt and toasts', async () => {
    const patch = deferred<Answer>();
    const { user, calls } = setup({ patch: () => patch.promise });
    await waitFor(() => expect(payButton()).toBeEnabled());
    await fillCard(user, { number: '4242424242424242', expiry: '1234', cvc: '123' });
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry')).toHaveValue('12 / 34');
    await user.click(payButton());

    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.url === '/api/payments/test/confirm')?.body).toEqual({
      clientSecret: CLIENT_SECRET,
      card: { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
    });
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({ url: '/api/orders/7', body: { transactionId: 'pi_test_123' } });
    // Nothing claims success before the shop has recorded the payment.
    expect(screen.queryByText('Congrats! Your payment is completed.')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!!!')).not.toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Pay for order ORD-000007' })).toBeInTheDocument();
    patch.resolve({ status: 200, body: paidOrder('pi_test_123') });
    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument();
    // The heading says so once paid.
    expect(screen.getByRole('heading', { name: 'Order ORD-000007 is paid' })).toBeInTheDocument();
    expect(screen.getByText('You Paid: $1,500')).toBeInTheDocument();
    expect(screen.getByText('Your Transaction ID: pi_test_123')).toBeInTheDocument();
    // The result takes the focus from the form it replaces.
    expect(screen.getByTestId('payment-result')).toHaveFocus();
    expect(await screen.findByText('Payment Successful!!!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it("shows the shop's refusal in red and claims no success", async () => {
    const { user } = setup({
      patch: () => apiError(409, 'payment_refunded', serverMessage(errorMessages.payment.refunded, 'expired')),
    });
    await waitFor(() => expect(payButton()).toBeEnabled());
    await fillCard(user, { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
    await user.click(payButton());
    expect(
      await screen.findByText('This order was expired before your payment arrived; the payment has been refunded'),
    ).toHaveClass('text-red-700');
    expect(screen.queryByText('Congrats! Your payment is completed.')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!!!')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers to record a confirmed payment again when the shop could not be reached', async () => {
    let attempts = 0;
    const { user, calls } = setup({
      patch: () => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(new TypeError('Failed to fetch')) : { status: 200, body: paidOrder('pi_test_123') };
      },
    });
    await waitFor(() => expect(payButton()).toBeEnabled());
    await fillCard(user, { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
    await user.click(payButton());
    expect(await screen.findByText('Cannot reach the shop, please check your connection')).toHaveClass('text-red-700');
    expect(screen.queryByText('Congrats! Your payment is completed.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your Transaction ID: pi_test_123')).toBeInTheDocument();
    const patches = calls.filter((call) => call.method === 'PATCH');
    expect(patches.map((call) => call.body)).toEqual([{ transactionId: 'pi_test_123' }, { transactionId: 'pi_test_123' }]);
    expect(calls.filter((call) => call.url === '/api/payments/test/confirm')).toHaveLength(1);
  });

  it('shows a paid order as paid, with no card form', async () => {
    const { calls } = setup({ order: paidOrder('pi_paid_1') });
    expect(await screen.findByText(/This order is paid\./)).toHaveTextContent('This order is paid. Transaction ID: pi_paid_1');
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/create-payment-intent')).toBe(false);
  });

  it.each([
    ['expired', 'This order is cancelled (expired) and cannot be paid.'],
    ['cancelled', 'This order is cancelled and cannot be paid.'],
  ] as const)('shows a %s order as such, with no card form', async (status, text) => {
    const { calls } = setup({ order: unpaidOrder({ status }) });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/create-payment-intent')).toBe(false);
  });

  it('shows why a payment cannot start', async () => {
    setup({ intent: apiError(409, 'not_payable', errorMessages.payment.notUnpaid) });
    expect(await screen.findByText('This order is not waiting for payment')).toHaveClass('text-red-700');
    expect(payButton()).toBeDisabled();
  });
});
