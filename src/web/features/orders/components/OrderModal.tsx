import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.js';
import type { Product, User } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { centsToDollars, formatDollars, orderTotalCents } from '../../../../shared/money.js';
import { orderFormSchema } from '../../../../shared/checkout-schemas.js';
import type { Address } from '../../../../shared/checkout-api.js';
import { quantityError } from '../../../../shared/quantity.js';
import { canBeOrdered } from '../../../../shared/stock.js';
import { newIdempotencyKey, usePlaceOrder } from '../api.js';
import { useProfile } from '../../account/api.js';
import { quantityInputProps } from '../../catalog/quantity-input.js';
import { TierPrice } from '../../catalog/components/TierPrice.js';
import { type BuyerBounds, dollars, type LinePrice, linePrice, quantityBounds } from '../../catalog/quantity.js';
import { OutOfStockText } from '../../catalog/components/ProductFacts.js';
import { Field, FormError } from '../../../components/Field.js';
import { useServerForm } from '../../../lib/useServerForm.js';
import { Modal } from '../../../components/Modal.js';
import { Spinner } from '../../../components/Spinner.js';
import { FormProvider } from 'react-hook-form';
import { useAddresses } from '../../checkout/api.js';
import { AddressPicker, DELIVERY_FIELDS, deliveryDefaults } from '../../checkout/components/AddressPicker.js';
import { QuotePanel } from '../../checkout/components/QuotePanel.js';

interface OrderModalProps {
  open: boolean;
  onClose: () => void;
  product: Product;
  user: User;
  /** The quantity typed on the part's page, filled in. */
  quantity?: number;
}

/**
 * The original storefront's order modal (docs/legacy-contract.md#screen-text) on a native <dialog>; the form
 * mounts on each opening, prefilled from the user record.
 * A product whose stock fell under its minimum order meanwhile (the product is re-fetched) has no form.
 */
export function OrderModal({ open, onClose, product, user, quantity }: OrderModalProps) {
  const profile = useProfile(user.email);
  // A part that cannot be ordered has no form, so no address to choose.
  const addresses = useAddresses(canBeOrdered(product));
  return (
    <Modal open={open} onClose={onClose} title={`Place order for ${product.name}`}>
      {!canBeOrdered(product) ? (
        <p role="alert" className="text-slate-800">
          <OutOfStockText min={product.min} />
        </p>
      ) : profile.isPending || addresses.isPending ? (
        <Spinner label="Loading your details" />
      ) : (
        <OrderForm
          product={product}
          user={user}
          phone={profile.data?.phone ?? ''}
          addresses={addresses.data ?? []}
          quantity={quantity}
          onDone={onClose}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}

interface OrderFormProps {
  product: Product;
  user: User;
  phone: string;
  /** The buyer's saved addresses (the default one chosen), or none. */
  addresses: readonly Address[];
  quantity?: number;
  onDone: () => void;
  onCancel: () => void;
}

/** The unit price (at the tier the quantity reaches) and total, once the quantity is one the shop accepts. */
function validPrice(quantity: number, bounds: BuyerBounds): LinePrice | null {
  return Number.isInteger(quantity) && quantityError(quantity, bounds) === null ? linePrice(bounds, quantity) : null;
}

function OrderForm({ product, user, phone, addresses, quantity, onDone, onCancel }: OrderFormProps) {
  // The server's rules, said before it does: min, whole packs, stock, and a total (at the tier's price)
  // within what a card can be charged.
  const bounds = useMemo(() => quantityBounds(product), [product]);
  const schema = useMemo(() => orderFormSchema(bounds), [bounds]);
  const placeOrder = usePlaceOrder();
  // One Idempotency-Key per order the customer means: a new one when the form opens or changes, the same
  // one when Confirm Order is pressed again after no answer, so a retry never places a second order.
  const [firstKey] = useState(newIdempotencyKey);
  const attemptKey = useRef(firstKey);
  const form = useServerForm({
    schema,
    defaultValues: { phone, ...deliveryDefaults(addresses, user.name, phone), ...(quantity !== undefined && { quantity }) },
    fields: ['quantity', 'phone', ...DELIVERY_FIELDS],
    submit: (values) =>
      placeOrder.mutateAsync({ body: { productId: product._id, ...values }, idempotencyKey: attemptKey.current }),
    onSuccess: () => {
      toast.success(messages.toast.orderPlaced);
      onDone();
    },
    onEdit: () => {
      attemptKey.current = newIdempotencyKey();
    },
  });

  const {
    register,
    onSubmit,
    watch,
    setFocus,
    formError,
    formState: { errors, isSubmitting },
  } = form;

  // The first field one can type in (Product, Name and Email are read-only). When the form mounts inside an
  // already open dialog (after the profile loaded); otherwise the dialog focuses it (data-autofocus).
  useEffect(() => setFocus('quantity'), [setFocus]);

  const typedQuantity = watch('quantity') ?? Number.NaN;
  const price = validPrice(typedQuantity, bounds);
  const quotedQuantity = price ? typedQuantity : null;
  const lines = useMemo(() => (quotedQuantity === null ? null : [{ productId: product._id, quantity: quotedQuantity }]), [quotedQuantity, product._id]);

  return (
    <FormProvider {...form}>
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <Field label="Product">
        <input type="text" className="input" value={product.name} readOnly />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name">
          <input type="text" className="input" value={user.name} readOnly />
        </Field>
        <Field label="Email">
          <input type="email" className="input" value={user.email} readOnly />
        </Field>
      </div>
      <Field
        label="Quantity"
        error={errors.quantity?.message}
        hint={messages.ui.quantityHint(product.min, product.stock, formatDollars(product.price))}
      >
        <input
          data-autofocus
          {...quantityInputProps(product)}
          className="input"
          placeholder={`enter product quantity (min ${product.min} units)`}
          {...register('quantity', { valueAsNumber: true })}
        />
      </Field>
      <Field label="Phone Number" error={errors.phone?.message}>
        <input type="tel" autoComplete="tel" className="input" {...register('phone')} />
      </Field>
      <AddressPicker addresses={addresses} />
      {price && (
        <>
          <p className="text-sm text-slate-800">
            {messages.ui.pricing.unitPrice} <TierPrice price={price} />
          </p>
          <p className="text-sm text-slate-800">
            Total: <strong>${dollars(price.totalCents)}</strong>
          </p>
        </>
      )}
      <QuotePanel lines={lines} publicSubtotal={price?.publicCents != null ? centsToDollars(orderTotalCents(price.publicCents, typedQuantity)) : null} />
      <FormError message={formError} />
      <div className="flex justify-end gap-3 pt-2">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Placing order…' : 'Confirm Order'}
        </button>
      </div>
    </form>
    </FormProvider>
  );
}
