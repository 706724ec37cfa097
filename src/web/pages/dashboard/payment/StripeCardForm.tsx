/**
 * Stripe Elements. This module (and with it Stripe's packages) is loaded with a dynamic import only when
 * the shop's payment provider is Stripe, so neither the home page nor a test-mode payment page downloads it.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { messages } from '../../../../shared/messages.js';
import { errorText } from '../../../components/form-errors.js';
import type { CardFormProps } from './card-form.js';

const stripeClients = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js client per publishable key for the page's lifetime (Stripe asks not to re-create it per render). */
function stripeClient(publishableKey: string): Promise<Stripe | null> {
  let client = stripeClients.get(publishableKey);
  if (!client) {
    // A failed script load (offline, blocked) resolves to null, which the form reports; a later visit tries again.
    client = loadStripe(publishableKey).catch(() => {
      stripeClients.delete(publishableKey);
      return null;
    });
    stripeClients.set(publishableKey, client);
  }
  return client;
}

export function StripeCardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  const stripe = useMemo(() => stripeClient(publishableKey), [publishableKey]);
  const { onError } = props;
  useEffect(() => {
    let live = true;
    void stripe.then((client) => {
      if (live && !client) onError(messages.ui.paymentUnavailable);
    });
    return () => {
      live = false;
    };
  }, [stripe, onError]);
  return (
    <Elements stripe={stripe}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ clientSecret, billing, onConfirmed, onError, recording }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);

  // SPEC section 4: create a card payment method (on error show its text), then confirm the card payment
  // with the client secret and the billing name and e-mail (on error show it and stop), then record it.
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || !clientSecret || processing || recording) return;
    const card = elements.getElement(CardElement);
    if (!card) return;
    onError(null);
    setProcessing(true);
    try {
      const created = await stripe.createPaymentMethod({ type: 'card', card });
      if (created.error) {
        onError(created.error.message ?? messages.ui.paymentFailed);
        return;
      }
      const confirmed = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
      });
      if (confirmed.error) {
        onError(confirmed.error.message ?? messages.ui.paymentFailed);
        return;
      }
      await onConfirmed(confirmed.paymentIntent.id);
    } catch (error) {
      // Stripe.js answers card problems as `error` results; a throw means it could not reach Stripe.
      onError(errorText(error));
    } finally {
      setProcessing(false);
    }
  };

  const busy = processing || recording;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Card details">
      <div>
        <p className="label">Card number, expiry and CVC</p>
        <div className="input py-3">
          <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px', color: '#0f172a' } } }} />
        </div>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={!stripe || !elements || !clientSecret || busy}>
        {busy ? messages.ui.paymentProcessing : 'Pay'}
      </button>
    </form>
  );
}
