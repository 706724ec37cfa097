import { toast } from '../../../lib/toast.js';
import type { Product } from '../../../../shared/api.js';
import { formatQuantity } from '../../../../shared/format.js';
import { messages } from '../../../../shared/messages.js';
import { restockSchema } from '../../../../shared/product-schemas.js';
import { Field, SubmitRow } from '../../../components/Field.js';
import { Modal } from '../../../components/Modal.js';
import { useServerForm } from '../../../lib/useServerForm.js';
import { useRestockProduct } from '../api.js';

/** What restocking needs of a part (the low-stock list has no whole product). */
export type RestockTarget = Pick<Product, '_id' | 'sku' | 'name' | 'stock'>;

function RestockForm({ product, onDone }: { product: RestockTarget; onDone: () => void }) {
  const restock = useRestockProduct();
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema: restockSchema,
    defaultValues: { quantity: '' },
    fields: ['quantity'],
    submit: ({ quantity }) => restock.mutateAsync({ id: product._id, quantity }),
    onSuccess: (restocked) => {
      toast.success(messages.ui.productAdmin.restocked(restocked.name, restocked.stock));
      onDone();
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        {product.sku} · {formatQuantity(product.stock)} units in stock now
      </p>
      <Field label="Units to add" error={errors.quantity?.message}>
        <input type="number" min={1} step={1} className="input" data-autofocus {...register('quantity')} />
      </Field>
      <SubmitRow error={formError} busy={isSubmitting} label="Add to stock" busyLabel="Adding…" />
    </form>
  );
}

/** Quick restock: the units that arrived are added to whatever the stock is by then (orders may change it meanwhile). */
export function RestockDialog({ product, onClose }: { product: RestockTarget | null; onClose: () => void }) {
  return (
    <Modal open={product !== null} onClose={onClose} title={product ? `Restock ${product.name}` : ''} size="sm">
      {product && <RestockForm key={product._id} product={product} onDone={onClose} />}
    </Modal>
  );
}
