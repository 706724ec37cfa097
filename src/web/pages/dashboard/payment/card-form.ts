/** What the payment page gives a card form (test processor or Stripe Elements). */
export interface CardFormProps {
  /** The payment intent's client secret; null while it is being created. Pay stays disabled until then. */
  clientSecret: string | null;
  /** Billing details sent with the card (SPEC: billing name and e-mail). */
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
