import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.js';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Product } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { centsToDollars, dollarsToCents, MAX_ORDER_TOTAL_CENTS, orderTotalCents } from '../../../../shared/money.js';
import { orderTotalTooLarge, quantityError } from '../../../../shared/quantity.js';
import { canBeOrdered } from '../../../../shared/stock.js';
import { FormError } from '../../../components/Field.js';
import { ApiError } from '../../../lib/api-client.js';
import { applyServerError } from '../../../lib/form-errors.js';
import { newIdempotencyKey, usePlaceOrder } from '../../orders/api.js';
import { isPayable } from '../../../../shared/order-status.js';
import { useCartProducts } from '../api.js';
import { type CartLine, clearCart, removeFromCart, setCartQuantity, useCart } from '../../../lib/cart-store.js';
import { type CartItem, CartLineItem } from '../components/CartLineItem.js';
import { Checkout, CHECKOUT_FIELDS, type CheckoutInput, type CheckoutValues, type SetCheckoutError } from '../components/CheckoutForm.js';
import { dollars, linePrice, quantityBounds, typedQuantityProblem } from '../../catalog/quantity.js';

import { checkoutCopy } from '../../../../shared/checkout-copy.js';
import { useAuth } from '../../auth/auth-context.js';
import { ShippingEstimate } from '../../checkout/components/ShippingEstimate.js';
import { AddCartToList } from '../../lists/components/AddCartToList.js';
import { SaveCartAsList } from '../../lists/components/SaveCartAsList.js';

const text = messages.ui.cart;

/** The cart (/cart): its parts at today's prices and tiers, and the checkout. Visitors may fill it; ordering needs an account. */
export function CartPage() {
  const cart = useCart();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <title>{`${text.title} – Partsmith`}</title>
      <h1 className="mb-6 text-3xl font-extrabold tracking-tight text-slate-900">{text.title}</h1>
      {cart.length === 0 ? <EmptyCart /> : <FilledCart cart={cart} />}
      {cart.length > 0 && (
        <>
          <SaveCartAsList cart={cart} />
          <AddCartToList cart={cart} />
        </>
      )}
    </div>
  );
}

function EmptyCart() {
  return (
    <div className="card space-y-4 p-8 text-center">
      <p className="text-lg font-semibold text-slate-900">{text.empty}</p>
      <p className="text-slate-700">{text.emptyHelp}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/allProducts" className="btn-primary">
          {text.browse}
        </Link>
        <Link to="/quick-order" className="btn-secondary">
          {messages.ui.quickOrder.cartLink}
        </Link>
      </div>
    </div>
  );
}

/** A line with the part as loaded: the quantity's problem and prices against the part's current rules. */
function itemOf(line: CartLine, query: UseQueryResult<Product>, typed: string | undefined, serverProblem: string | undefined): CartItem {
  const shown = typed ?? String(line.quantity);
  const base = { productId: line.productId, typed: shown, problem: null, price: null };
  if (query.isPending) return { ...base, product: 'loading' };
  if (query.isError) {
    const gone = query.error instanceof ApiError && [400, 404].includes(query.error.status);
    return { ...base, product: gone ? 'gone' : 'failed' };
  }
  const product = query.data;
  if (!product.active) return { ...base, product: 'gone' };
  if (!canBeOrdered(product)) return { ...base, product, problem: `${messages.ui.outOfStock}. ${messages.ui.outOfStockDetail(product.min)}` };
  const bounds = quantityBounds(product);
  const problem = typedQuantityProblem(shown, bounds);
  if (problem) return { ...base, product, problem };
  return { ...base, product, problem: serverProblem ?? null, price: linePrice(bounds, Number(shown)) };
}

/** A trade account member's cart (issue 63), every line priced: its goods at the public prices in dollars; else null. */
function publicSubtotalOf(items: readonly CartItem[]): number | null {
  if (!items.every((item) => item.price && item.price.publicCents !== null)) return null;
  return centsToDollars(items.reduce((sum, item) => sum + orderTotalCents(item.price!.publicCents!, Number(item.typed)), 0));
}

/** Every line priced (a part for sale, a quantity it accepts): the cart's total with the core deposits, and whether a card can pay it. */
function cartTotal(items: readonly CartItem[]): { cents: number; payable: boolean } | null {
  if (!items.every((item) => item.price)) return null;
  const deposit = (item: CartItem) => (typeof item.product === 'string' ? 0 : orderTotalCents(dollarsToCents(item.product.coreCharge), Number(item.typed)));
  const cents = items.reduce((sum, item) => sum + item.price!.totalCents + deposit(item), 0);
  return { cents, payable: cents <= MAX_ORDER_TOTAL_CENTS };
}

/** The server names a line of a longer order by its place: `lines.3.quantity`. */
const LINE_FIELD = /^lines\.(\d+)(?:\.|$)/;

/** The server's answer split: its messages about lines by line index, and the rest of the error. */
function splitLineErrors(error: unknown): { byLine: Map<number, string>; rest: unknown } {
  const byLine = new Map<number, string>();
  if (!(error instanceof ApiError) || !error.fields) return { byLine, rest: error };
  const others: Record<string, string> = {};
  for (const [field, message] of Object.entries(error.fields)) {
    const index = LINE_FIELD.exec(field)?.[1];
    if (index === undefined) others[field] = message;
    else if (!byLine.has(Number(index))) byLine.set(Number(index), message);
  }
  const rest = new ApiError(error.status, error.code, error.message, Object.keys(others).length > 0 ? others : undefined);
  return { byLine, rest };
}

function FilledCart({ cart }: { cart: readonly CartLine[] }) {
  const products = useCartProducts(cart);
  const { user } = useAuth();
  const placeOrder = usePlaceOrder();
  const navigate = useNavigate();
  // What is typed in each line's quantity (the cart keeps only whole numbers), and the server's word on lines.
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [topError, setTopError] = useState<string | null>(null);
  // One Idempotency-Key per order the buyer means, as in the order modal: a new one once the cart or form changes.
  const [firstKey] = useState(newIdempotencyKey);
  const attemptKey = useRef(firstKey);
  const changed = () => {
    attemptKey.current = newIdempotencyKey();
    setTopError(null);
  };

  const items = cart.map((line, index) => itemOf(line, products[index]!, typed[line.productId], lineErrors[line.productId]));
  const total = cartTotal(items);
  // Why the cart cannot be ordered as it is.
  const problem = !total ? text.fixLines : !total.payable ? orderTotalTooLarge() : null;
  // Shipping and tax are priced for the cart as it is, once every line can be ordered.
  const orderable = total !== null;
  const quoteLines = useMemo(() => (orderable ? cart.map(({ productId, quantity }) => ({ productId, quantity })) : null), [cart, orderable]);

  // The cart keeps a quantity the part's minimum and packs allow (the account's cart refuses others); one
  // still being typed ("5" on the way to "500") stays in the box with its problem shown.
  const allowedByPart = (productId: string, quantity: number) => {
    const product = products[cart.findIndex((line) => line.productId === productId)]?.data;
    return !product || quantityError(quantity, { min: product.min, packSize: product.packSize, stock: Number.POSITIVE_INFINITY }) === null;
  };
  const onQuantity = (productId: string, value: string) => {
    setTyped((all) => ({ ...all, [productId]: value }));
    setLineErrors(({ [productId]: _gone, ...rest }) => rest);
    const quantity = Number(value);
    if (value.trim() !== '' && Number.isInteger(quantity) && quantity > 0 && allowedByPart(productId, quantity)) setCartQuantity(productId, quantity);
    changed();
  };
  const onRemove = (productId: string) => {
    removeFromCart(productId);
    changed();
  };

  const place = async (values: CheckoutValues, setError: SetCheckoutError) => {
    setTopError(null);
    if (problem) return setTopError(problem);
    try {
      const order = await placeOrder.mutateAsync({
        body: { lines: cart.map(({ productId, quantity }) => ({ productId, quantity })), ...values },
        idempotencyKey: attemptKey.current,
      });
      clearCart();
      toast.success(messages.toast.orderPlaced);
      // An order over the buyer's spending limit waits for their company: its page says so, it cannot be paid yet.
      void navigate(isPayable(order.status) ? `/dashboard/payment/${order._id}` : `/dashboard/orders/${order._id}`);
    } catch (error) {
      const { byLine, rest } = splitLineErrors(error);
      setLineErrors(Object.fromEntries([...byLine].flatMap(([index, message]) => (cart[index] ? [[cart[index].productId, message]] : []))));
      setTopError(applyServerError<CheckoutInput>(rest, setError, CHECKOUT_FIELDS) || null);
    }
  };

  return (
    <div className="space-y-6">
      <FormError message={topError} />
      <ul className="space-y-4" aria-label={text.title}>
        {items.map((item) => (
          <CartLineItem
            key={item.productId}
            item={item}
            onQuantity={(value) => onQuantity(item.productId, value)}
            onRemove={() => onRemove(item.productId)}
          />
        ))}
      </ul>
      {total && (
        <div className="text-right">
          <p className="text-xl font-bold text-slate-900" data-testid="cart-total">
            {text.total(dollars(total.cents))}
          </p>
          {!total.payable && <p className="field-error">{orderTotalTooLarge()}</p>}
        </div>
      )}
      <Checkout place={place} onEdit={changed} lines={quoteLines} publicSubtotal={publicSubtotalOf(items)} />
      {!user && <ShippingEstimate lines={quoteLines} what={checkoutCopy.estimate.forCart} />}
    </div>
  );
}
