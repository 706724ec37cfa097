import { useState } from 'react';
import { errorText } from '../../../lib/form-errors.js';

/** What the payment page gives a card form (test processor or Stripe Elements). */
export interface CardFormProps {
  /** The payment intent's client secret; null while it is being created. Pay stays disabled until then. */
  clientSecret: string | null;
  /** Billing details sent with the card (billing name and e-mail, as the original storefront sent them). */
  billing: { name: string; email: string };
  /**
   * Called with the payment's id once the card payment is confirmed; settles when the shop has recorded it
   * (or failed to: the payment page shows that).
   */
  onConfirmed: (transactionId: string) => Promise<void>;
  /** A card error (in the provider's words) for the page to show in red; null clears it. */
  onError: (message: string | null) => void;
  /** True while the page is recording a confirmed payment. */
  recording: boolean;
}

/**
 * Confirms the card with the client secret: answers the payment's id, or null when the card was refused
 * (after reporting the provider's message with `onError`). A throw means the provider could not be reached.
 */
export type ConfirmCard = (clientSecret: string) => Promise<string | null>;

/**
 * The card forms' submit sequence, written once: nothing while there is no client secret or a payment is
 * under way; `check` (the card as typed) may refuse at once; else the error is cleared, `confirm` runs
 * with the form busy, and a confirmed payment goes to `onConfirmed` — any throw is shown as the error.
 */
export function useCardSubmit({ clientSecret, recording, onConfirmed, onError }: CardFormProps) {
  const [processing, setProcessing] = useState(false);

  const submit = async (confirm: ConfirmCard, check?: () => string | null) => {
    if (!clientSecret || processing || recording) return;
    const problem = check?.() ?? null;
    onError(problem);
    if (problem) return;
    setProcessing(true);
    try {
      const transactionId = await confirm(clientSecret);
      if (transactionId !== null) await onConfirmed(transactionId);
    } catch (error) {
      onError(errorText(error));
    } finally {
      setProcessing(false);
    }
  };

  return { submit, busy: processing || recording };
}
