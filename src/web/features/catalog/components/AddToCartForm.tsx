import { type FormEvent, useId, useMemo, useRef } from 'react';
import type { Product } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { canBeOrdered } from '../../../../shared/stock.js';
import { linePrice, quantityBounds, typedQuantityProblem } from '../quantity.js';
import { quantityInputProps } from '../quantity-input.js';
import { addPartToCart } from './AddToCartButton.js';
import { TierPrice } from './TierPrice.js';

const text = messages.ui.cart;

/**
 * A part's page: how many to put in the cart, checked as the server will check the order (minimum, whole
 * packs, stock, card limit), with the unit price that quantity gets. The page starts it at the smallest quantity accepted.
 */
interface AddToCartFormProps {
  product: Product;
  /** What is typed in the quantity box (the page's 'Order Now' carries it into the order). */
  typed: string;
  onTyped: (typed: string) => void;
  className?: string;
}

export function AddToCartForm({ product, typed, onTyped, className }: AddToCartFormProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const bounds = useMemo(() => quantityBounds(product), [product]);
  if (!canBeOrdered(product)) {
    return (
      <button type="button" className="btn-secondary px-6 py-3 text-base" disabled>
        {text.add}
      </button>
    );
  }

  const problem = typedQuantityProblem(typed, bounds);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) input.current?.focus();
    else void addPartToCart(product, Number(typed));
  };
  return (
    <form onSubmit={submit} noValidate className={className}>
      <label htmlFor={id} className="label">
        {text.quantity}
      </label>
      <div className="flex flex-wrap gap-3">
        <input
          ref={input}
          id={id}
          {...quantityInputProps(product)}
          className="input w-36"
          value={typed}
          onChange={(event) => onTyped(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-note`}
        />
        <button type="submit" className="btn-secondary px-6 py-3 text-base">
          {text.add}
        </button>
      </div>
      {problem ? (
        <p id={`${id}-note`} className="field-error" role="alert">
          {problem}
        </p>
      ) : (
        <p id={`${id}-note`} className="mt-1 text-sm text-slate-700">
          {messages.ui.pricing.unitPrice} <TierPrice price={linePrice(bounds, Number(typed))} />
        </p>
      )}
    </form>
  );
}
