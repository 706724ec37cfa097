import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import type { Product, User } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { dollarsToCents, formatDollars } from '../../../../shared/money.js';
import { orderFormSchema, quantityError, type QuantityBounds } from '../../../../shared/schemas.js';
import { canBeOrdered } from '../../../../shared/stock.js';
import { newIdempotencyKey, usePlaceOrder } from '../api.js';
import { useProfile } from '../../account/api.js';
import { OutOfStockText } from '../../catalog/components/ProductFacts.js';
import { Field, FormError } from '../../../components/Field.js';
import { useServerForm } from '../../../lib/useServerForm.js';
import { Modal } from '../../../components/Modal.js';
import { Spinner } from '../../../components/Spinner.js';

interface OrderModalProps {
  open: boolean;
  onClose: () => void;
  product: Product;
  user: User;
}

/**
 * SPEC's order modal on a native <dialog>; the form mounts on each opening, prefilled from the user record.
 * A product whose stock fell under its minimum order meanwhile (the product is re-fetched) has no form.
 */
export function OrderModal({ open, onClose, product, user }: OrderModalProps) {
  const profile = useProfile(user.email);
  return (
    <Modal open={open} onClose={onClose} title={`Place order for ${product.name}`}>
      {!canBeOrdered(product) ? (
        <p role="alert" className="text-slate-800">
          <OutOfStockText min={product.min} />
        </p>
      ) : profile.isPending ? (
        <Spinner label="Loading your details" />
      ) : (
        <OrderForm
          product={product}
          user={user}
          phone={profile.data?.phone ?? ''}
          address={profile.data?.address ?? ''}
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
  address: string;
  onDone: () => void;
  onCancel: () => void;
}

/** The total, once the quantity is one the shop accepts (a whole number within the product's bounds). */
function validTotal(quantity: number, bounds: QuantityBounds, price: number): number | null {
  return Number.isInteger(quantity) && quantityError(quantity, bounds) === null ? quantity * price : null;
}

function OrderForm({ product, user, phone, address, onDone, onCancel }: OrderFormProps) {
  // The server's rules, said before it does: min, stock, and a total within what a card can be charged.
  const bounds = useMemo(
    () => ({ min: product.min, stock: product.stock, unitPriceCents: dollarsToCents(product.price) }),
    [product.min, product.stock, product.price],
  );
  const schema = useMemo(() => orderFormSchema(bounds), [bounds]);
  const placeOrder = usePlaceOrder();
  // One Idempotency-Key per order the customer means: a new one when the form opens or changes, the same
  // one when Confirm Order is pressed again after no answer, so a retry never places a second order.
  const [firstKey] = useState(newIdempotencyKey);
  const attemptKey = useRef(firstKey);
  const {
    register,
    onSubmit,
    watch,
    setFocus,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema,
    defaultValues: { phone, address },
    fields: ['quantity', 'phone', 'address'],
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

  // The first field one can type in (Product, Name and Email are read-only). When the form mounts inside an
  // already open dialog (after the profile loaded); otherwise the dialog focuses it (data-autofocus).
  useEffect(() => setFocus('quantity'), [setFocus]);

  const total = validTotal(watch('quantity'), bounds, product.price);

  return (
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
          type="number"
          inputMode="numeric"
          min={product.min}
          max={product.stock}
          step={1}
          className="input"
          placeholder={`enter product quantity (min ${product.min} units)`}
          {...register('quantity', { valueAsNumber: true })}
        />
      </Field>
      <Field label="Phone Number" error={errors.phone?.message}>
        <input type="tel" autoComplete="tel" className="input" {...register('phone')} />
      </Field>
      <Field label="Delivery Address" error={errors.address?.message}>
        <textarea rows={2} autoComplete="street-address" className="input" {...register('address')} />
      </Field>
      {total !== null && (
        <p className="text-sm text-slate-800">
          Total: <strong>${formatDollars(total)}</strong>
        </p>
      )}
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
  );
}
