import { useQuery } from '@tanstack/react-query';
import type { CardInput } from '../../shared/card.js';
import { apiFetch } from './client.js';
import { keys } from './keys.js';

/** Which card processor this shop uses: Stripe (with its publishable key) or the built-in test processor. */
export interface PaymentsConfig {
  provider: 'stripe' | 'test';
  publishableKey: string | null;
}

export interface PaymentIntentAnswer {
  clientSecret: string;
  /** Dollars, computed by the server from the order. */
  amount: number;
}

export interface ConfirmedPayment {
  paymentIntent: { id: string; status: string; amount: number };
}

export function usePaymentsConfig() {
  return useQuery({
    queryKey: keys.paymentsConfig,
    queryFn: ({ signal }) => apiFetch<PaymentsConfig>('/api/payments/config', { signal, auth: false }),
    staleTime: Infinity,
  });
}

/**
 * The payment intent of an unpaid order, created when the payment page opens. The server keeps one intent
 * per order and amount, so asking again (a reload, a retry) gets the same one and never a second charge.
 */
export function usePaymentIntent(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.paymentIntent(orderId),
    queryFn: () => apiFetch<PaymentIntentAnswer>('/api/create-payment-intent', { method: 'POST', body: { orderId } }),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** The built-in test processor's stand-in for Stripe.js's confirmCardPayment. */
export function confirmTestPayment(clientSecret: string, card: CardInput) {
  return apiFetch<ConfirmedPayment>('/api/payments/test/confirm', { method: 'POST', body: { clientSecret, card }, auth: false });
}
