import { useState, type FormEvent } from 'react';
import { cardEntryError, cardMessages } from '../../../../shared/card.js';
import { messages } from '../../../../shared/messages.js';
import { confirmTestPayment } from '../api.js';
import { useCardSubmit, type CardFormProps } from './card-form.js';
import { PayForm } from './PayForm.js';

/** "4242424242424242" → "4242 4242 4242 4242" as the customer types (digits only, at most 19). */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" → "12 / 30", the placeholder's shape. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

type CardField = 'number' | 'expiry' | 'cvc';

/** Which input a card-entry message is about, to mark it invalid. */
function fieldOf(message: string): CardField | null {
  if (message === cardMessages.numberIncomplete || message === cardMessages.numberInvalid) return 'number';
  if (message === cardMessages.cvcIncomplete) return 'cvc';
  if (message.startsWith("Your card's expiration")) return 'expiry';
  return null;
}

/**
 * The card form for the shop's built-in test processor: Stripe's fields and Stripe's checks (shared with
 * the server), then POST /api/payments/test/confirm, which answers like Stripe's confirmCardPayment.
 */
export function TestCardForm(props: CardFormProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [invalid, setInvalid] = useState<CardField | null>(null);
  const { submit, busy } = useCardSubmit(props);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const card = { number, expiry, cvc };
    void submit(
      async (clientSecret) => (await confirmTestPayment({ clientSecret, card })).paymentIntent.id,
      () => {
        const entryError = cardEntryError(card);
        setInvalid(entryError ? fieldOf(entryError) : null);
        return entryError;
      },
    );
  };

  return (
    <PayForm onSubmit={onSubmit} ready={Boolean(props.clientSecret)} busy={busy}>
      <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="test-mode-notice">
        <span className="mr-2 inline-block rounded bg-amber-400 px-1.5 py-0.5 text-xs font-bold text-slate-900 uppercase">
          Test mode
        </span>
        {messages.ui.testModeNotice}
      </p>
      <CardInput
        id="card-number"
        label="Card number"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={number}
        invalid={invalid === 'number'}
        onChange={(value) => setNumber(formatCardNumber(value))}
      />
      <div className="grid grid-cols-2 gap-4">
        <CardInput
          id="card-expiry"
          label="Expiry"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={expiry}
          invalid={invalid === 'expiry'}
          onChange={(value) => setExpiry(formatExpiry(value))}
        />
        <CardInput
          id="card-cvc"
          label="CVC"
          autoComplete="cc-csc"
          placeholder="CVC"
          maxLength={4}
          value={cvc}
          invalid={invalid === 'cvc'}
          onChange={(value) => setCvc(value.replace(/\D/g, '').slice(0, 4))}
        />
      </div>
    </PayForm>
  );
}

interface CardInputProps {
  id: string;
  label: string;
  autoComplete: string;
  placeholder: string;
  maxLength?: number;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}

/** One labelled, digits-only card input, marked invalid when the card check names it. */
function CardInput({ id, label, autoComplete, placeholder, maxLength, value, invalid, onChange }: CardInputProps) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        className="input font-mono"
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
