import type { FormEvent, ReactNode } from 'react';
import { messages } from '../../../../shared/messages.js';

interface PayFormProps {
  onSubmit: (event: FormEvent) => void;
  /** Whether the form can pay (the payment client and the client secret exist). */
  ready: boolean;
  /** While a payment is confirmed or recorded. */
  busy: boolean;
  /** The card inputs. */
  children: ReactNode;
}

/** The frame both card forms share: the card inputs, then 'Pay' — disabled until ready, and saying so while it pays. */
export function PayForm({ onSubmit, ready, busy, children }: PayFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Card details">
      {children}
      <button type="submit" className="btn-primary w-full" disabled={!ready || busy}>
        {busy ? messages.ui.paymentProcessing : 'Pay'}
      </button>
    </form>
  );
}
