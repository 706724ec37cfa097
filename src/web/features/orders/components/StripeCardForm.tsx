/**
 * Stripe Elements. This module (and with it Stripe's packages) is loaded with a dynamic import only when
 * the shop's payment provider is Stripe, so neither the home page nor a test-mode payment page downloads it.
 */
import { useEffect, useMemo, type FormEvent } from 'react';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { messages } from '../../../../shared/messages.js';
import { useCardSubmit, type CardFormProps } from './card-form.js';
import { PayForm } from './PayForm.js';

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

function CardForm(props: CardFormProps) {
  const { clientSecret, billing, onError } = props;
  const stripe = useStripe();
  const elements = useElements();
  const { submit, busy } = useCardSubmit(props);

  // As the original storefront paid (docs/legacy-contract.md): create a card payment method (on error show
  // its text), then confirm the card payment with the client secret and the billing name and e-mail (on error show it and stop), then record it.
  // Stripe.js answers card problems as `error` results; a throw means it could not reach Stripe.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    const card = elements.getElement(CardElement);
    if (!card) return;
    void submit(async (secret) => {
      const created = await stripe.createPaymentMethod({ type: 'card', card });
      if (created.error) {
        onError(created.error.message ?? messages.ui.paymentFailed);
        return null;
      }
      const confirmed = await stripe.confirmCardPayment(secret, {
        payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
      });
      if (confirmed.error) {
        onError(confirmed.error.message ?? messages.ui.paymentFailed);
        return null;
      }
      return confirmed.paymentIntent.id;
    });
  };

  return (
    <PayForm onSubmit={onSubmit} ready={Boolean(stripe && elements && clientSecret)} busy={busy}>
      <div>
        <p className="label">Card number, expiry and CVC</p>
        <div className="input py-3">
          <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px', color: '#0f172a' } } }} />
        </div>
      </div>
    </PayForm>
  );
}
