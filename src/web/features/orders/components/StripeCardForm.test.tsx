/**
 * The Stripe branch of the payment page. Stripe.js cannot load offline, so its two hooks are stood in
 * for at the module edge (the network edge): what is tested is our sequence — createPaymentMethod, then
 * confirmCardPayment with the client secret and billing details, then the PATCH — and its error paths.
 */
import { act, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { errorMessages } from '../../../../shared/messages.js';
import { apiError } from '../../../test/fake-answers.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { deferred, paidOrder, unpaidOrder } from '../../../test/fixtures.js';
import { PaymentPage } from '../pages/PaymentPage.js';

const stripe = vi.hoisted(() => ({
  /** Whether Stripe.js has loaded: useStripe/useElements answer null until then, as the real hooks do. */
  ready: true,
  listeners: new Set<() => void>(),
  setReady(ready: boolean) {
    stripe.ready = ready;
    for (const listener of stripe.listeners) listener();
  },
  cardElement: { type: 'card-element' },
  client: {
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
  },
  loadStripe: vi.fn(async (_key: string) => ({ stripe: 'client' })),
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', async () => {
  const { useSyncExternalStore } = await import('react');
  const useReady = () =>
    useSyncExternalStore(
      (listener) => {
        stripe.listeners.add(listener);
        return () => stripe.listeners.delete(listener);
      },
      () => stripe.ready,
    );
  return {
    Elements: ({ children }: { children: ReactNode }) => children,
    CardElement: () => <div data-testid="stripe-card-element" />,
    useStripe: () => (useReady() ? stripe.client : null),
    useElements: () => (useReady() ? { getElement: () => stripe.cardElement } : null),
  };
});

const CLIENT_SECRET = 'pi_stripe_1_secret_xyz';
type Answer = { status: number; body?: unknown };

function setup({ intent, patch, publishableKey = 'pk_test_partsmith' }: { intent?: Promise<Answer>; patch?: () => Answer; publishableKey?: string } = {}) {
  const order = unpaidOrder();
  const fetched = mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/order/7') return { status: 200, body: order };
    if (url === '/api/payments/config') return { status: 200, body: { provider: 'stripe', publishableKey } };
    if (url === '/api/create-payment-intent') return intent ?? { status: 200, body: { clientSecret: CLIENT_SECRET, amount: 1500 } };
    if (url === '/api/orders/7' && method === 'PATCH') return patch ? patch() : { status: 200, body: paidOrder('pi_stripe_1') };
    return undefined;
  });
  const view = renderWithProviders(<PaymentPage />, {
    auth: fakeAuth({ user: customer }),
    route: '/dashboard/payment/7',
    path: '/dashboard/payment/:orderId',
  });
  return { ...view, ...fetched };
}

const payButton = () => screen.getByRole('button', { name: 'Pay' });

beforeEach(() => {
  stripe.ready = true;
  stripe.client.createPaymentMethod.mockReset().mockResolvedValue({ paymentMethod: { id: 'pm_1' } });
  stripe.client.confirmCardPayment
    .mockReset()
    .mockResolvedValue({ paymentIntent: { id: 'pi_stripe_1', status: 'succeeded', amount: 150000 } });
});

describe('PaymentPage with Stripe', () => {
  it('loads Stripe with the publishable key and shows its card element, without the test-mode notice', async () => {
    setup();
    expect(await screen.findByTestId('stripe-card-element')).toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_partsmith');
    expect(screen.queryByText(/Test mode/)).not.toBeInTheDocument();
  });

  it('says so when Stripe.js cannot be loaded', async () => {
    stripe.loadStripe.mockResolvedValueOnce(null as never);
    stripe.ready = false;
    setup({ publishableKey: 'pk_test_unreachable' });
    expect(
      await screen.findByText('Card payments could not be loaded. Please check your connection and reload the page.'),
    ).toHaveClass('text-red-700');
    expect(payButton()).toBeDisabled();
  });

  it('keeps Pay disabled until Stripe and the client secret are ready', async () => {
    stripe.ready = false;
    const intent = deferred<Answer>();
    setup({ intent: intent.promise });
    await screen.findByTestId('stripe-card-element');
    expect(payButton()).toBeDisabled();
    intent.resolve({ status: 200, body: { clientSecret: CLIENT_SECRET, amount: 1500 } });
    await waitFor(() => expect(screen.queryByText('Preparing the secure payment…')).not.toBeInTheDocument());
    expect(payButton()).toBeDisabled(); // Stripe itself is still loading.
    act(() => stripe.setReady(true));
    await waitFor(() => expect(payButton()).toBeEnabled());
  });

  it('creates a card payment method, confirms with the client secret and billing details, then records it', async () => {
    const { user, calls } = setup();
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());

    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument();
    expect(screen.getByText('You Paid: $1,500')).toBeInTheDocument();
    expect(screen.getByText('Your Transaction ID: pi_stripe_1')).toBeInTheDocument();
    expect(await screen.findByText('Payment Successful!!!')).toBeInTheDocument();

    expect(stripe.client.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: stripe.cardElement });
    expect(stripe.client.confirmCardPayment).toHaveBeenCalledWith(CLIENT_SECRET, {
      payment_method: { card: stripe.cardElement, billing_details: { name: 'Casey Customer', email: 'customer@partsmith.example' } },
    });
    const createOrder = stripe.client.createPaymentMethod.mock.invocationCallOrder[0]!;
    const confirmOrder = stripe.client.confirmCardPayment.mock.invocationCallOrder[0]!;
    expect(createOrder).toBeLessThan(confirmOrder);
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      expect.objectContaining({ url: '/api/orders/7', body: { transactionId: 'pi_stripe_1' } }),
    ]);
  });

  it('shows a payment-method error and stops', async () => {
    stripe.client.createPaymentMethod.mockResolvedValue({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } });
    const { user, calls } = setup();
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    expect(await screen.findByText('Your card number is incomplete.')).toHaveClass('text-red-700');
    expect(stripe.client.confirmCardPayment).not.toHaveBeenCalled();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('shows a confirmation error and stops', async () => {
    stripe.client.confirmCardPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const { user, calls } = setup();
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    expect(await screen.findByText('Your card was declined.')).toHaveClass('text-red-700');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    expect(screen.queryByText('Congrats! Your payment is completed.')).not.toBeInTheDocument();
    expect(payButton()).toBeEnabled();
  });

  it("shows the shop's refusal of a confirmed payment in red, with no receipt", async () => {
    const { user } = setup({
      patch: () => apiError(402, 'payment_not_succeeded', errorMessages.payment.notSucceeded),
    });
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    expect(await screen.findByText('This payment has not succeeded')).toHaveClass('text-red-700');
    expect(screen.queryByText('Congrats! Your payment is completed.')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!!!')).not.toBeInTheDocument();
  });
});
