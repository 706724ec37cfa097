import { useMemo } from 'react';
import { toast } from 'react-toastify/unstyled';
import type { Product, User } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { dollarsToCents, formatDollars } from '../../../../shared/money.js';
import { orderFormSchema } from '../../../../shared/schemas.js';
import { usePlaceOrder } from '../api.js';
import { useProfile } from '../../account/api.js';
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

/** SPEC's order modal on a native <dialog>; the form mounts on each opening, prefilled from the user record. */
export function OrderModal({ open, onClose, product, user }: OrderModalProps) {
  const profile = useProfile(user.email);
  return (
    <Modal open={open} onClose={onClose} title={`Place order for ${product.name}`}>
      {profile.isPending ? (
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

function OrderForm({ product, user, phone, address, onDone, onCancel }: OrderFormProps) {
  // The server's rules, said before it does: min, stock, and a total within what a card can be charged.
  const schema = useMemo(
    () => orderFormSchema({ min: product.min, stock: product.stock, unitPriceCents: dollarsToCents(product.price) }),
    [product.min, product.stock, product.price],
  );
  const placeOrder = usePlaceOrder();
  const {
    register,
    onSubmit,
    watch,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema,
    defaultValues: { phone, address },
    fields: ['quantity', 'phone', 'address'],
    submit: (values) => placeOrder.mutateAsync({ productId: product._id, ...values }),
    onSuccess: () => {
      toast.success(messages.toast.orderPlaced);
      onDone();
    },
  });

  const quantity = watch('quantity');
  const total = Number.isFinite(quantity) && quantity > 0 ? quantity * product.price : null;

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
        hint={`Between ${product.min} and ${product.stock} units · $${formatDollars(product.price)} per unit`}
      >
        <input
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
