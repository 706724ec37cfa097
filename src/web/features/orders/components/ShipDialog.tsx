import { toast } from '../../../lib/toast.js';
import type { Order } from '../../../../shared/api.js';
import { shipmentMessages as text } from '../../../../shared/messages.js';
import { shipmentFormSchema } from '../../../../shared/schemas.js';
import { CARRIERS } from '../../../../shared/shipments.js';
import { Field, SubmitRow } from '../../../components/Field.js';
import { Modal } from '../../../components/Modal.js';
import { useServerForm } from '../../../lib/useServerForm.js';
import { useShipOrder } from '../api.js';

function ShipForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const ship = useShipOrder();
  // The lines with units still to ship, each prefilled with all of them.
  const open = order.lines.filter((line) => line.shippedQuantity < line.quantity);
  const lines = open.map((line) => {
    const left = line.quantity - line.shippedQuantity;
    return { productId: line.productId, part: `${line.sku} ${line.product}`, left, quantity: String(left) };
  });
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema: shipmentFormSchema,
    defaultValues: { lines, carrier: 'UPS', trackingNumber: '', trackingUrl: '' },
    // Refused lines (over-shipping) are named by their part in the message, shown above the button.
    fields: ['carrier', 'trackingNumber', 'trackingUrl'],
    submit: (body) => ship.mutateAsync({ orderId: order._id, body }),
    onSuccess: (shipment) => {
      toast.success(text.shippedToast(order.number, shipment.number));
      onDone();
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">{text.dialogIntro}</p>
      {open.map((line, index) => (
        <Field key={line.productId} label={text.quantityLabel(line.sku, line.product, lines[index]!.left)} error={errors.lines?.[index]?.quantity?.message}>
          <input type="number" min={0} max={lines[index]!.left} step={1} className="input" data-autofocus={index === 0 ? true : undefined} {...register(`lines.${index}.quantity`)} />
        </Field>
      ))}
      <Field label={text.carrier} error={errors.carrier?.message}>
        <select className="input" {...register('carrier')}>
          {CARRIERS.map((carrier) => (
            <option key={carrier} value={carrier}>
              {carrier}
            </option>
          ))}
        </select>
      </Field>
      <Field label={text.trackingNumber} error={errors.trackingNumber?.message}>
        <input type="text" className="input" autoComplete="off" {...register('trackingNumber')} />
      </Field>
      <Field label={text.trackingUrl} hint={text.trackingUrlHint} error={errors.trackingUrl?.message}>
        <input type="url" className="input" autoComplete="off" {...register('trackingUrl')} />
      </Field>
      <SubmitRow error={formError ?? errors.lines?.message ?? errors.lines?.root?.message} busy={isSubmitting} label={text.submit} busyLabel="Recording…" />
    </form>
  );
}

/** The admin ships some or all of what is left of a paid order: a parcel with its carrier and tracking. */
export function ShipDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  return (
    <Modal open={order !== null} onClose={onClose} title={order ? text.dialogTitle(order.number) : ''}>
      {order && <ShipForm key={order._id} order={order} onDone={onClose} />}
    </Modal>
  );
}
