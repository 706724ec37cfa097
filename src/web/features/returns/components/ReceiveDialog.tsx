import { formatDollars } from '../../../../shared/money.js';
import { returnsUiMessages } from '../../../../shared/returns-copy.js';
import { type Return, returnReceiveSchema } from '../../../../shared/returns-api.js';
import { Field, SubmitRow } from '../../../components/Field.js';
import { Modal } from '../../../components/Modal.js';
import { toast } from '../../../lib/toast.js';
import { useServerForm } from '../../../lib/useServerForm.js';
import { useReceiveReturn } from '../api.js';

const text = returnsUiMessages.manage;

/** What the refund did, in a toast: refunded with its credit note, or received and waiting for a retry. */
export function toastRefund(answer: Return) {
  if (answer.refund) toast.success(text.refunded(answer.number, formatDollars(answer.refund.amount), answer.refund.creditNote));
  else toast.error(text.refundPending(answer.number));
}

function ReceiveForm({ item, onDone }: { item: Return; onDone: () => void }) {
  const receive = useReceiveReturn();
  const fields = [...item.lines.flatMap((_, index) => [`lines.${index}.receivedQuantity`, `lines.${index}.damagedQuantity`] as const), 'lines', 'refundShipping'] as const;
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema: returnReceiveSchema,
    // As asked for and undamaged, until counted otherwise; the reason tells a part's lines apart (a new part and its core).
    defaultValues: {
      lines: item.lines.map((line) => ({ productId: line.productId, reason: line.reason, receivedQuantity: line.quantity, damagedQuantity: 0 })),
      refundShipping: false,
    },
    fields,
    submit: (body) => receive.mutateAsync({ id: item.id, body }),
    onSuccess: (answer) => {
      toastRefund(answer);
      onDone();
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {item.lines.map((line, index) => (
        <fieldset key={`${line.productId}:${line.reason}`} className="rounded-lg border border-slate-200 p-3" data-testid={`receive-line-${line.productId}`}>
          <legend className="px-1 text-sm font-semibold text-slate-900">{returnsUiMessages.part(line.quantity, line.product, line.sku)}</legend>
          <div className="grid grid-cols-2 gap-3">
            <Field label={text.received} error={errors.lines?.[index]?.receivedQuantity?.message}>
              <input type="number" min={0} step={1} className="input" {...register(`lines.${index}.receivedQuantity`, { valueAsNumber: true })} />
            </Field>
            <Field label={text.damaged} error={errors.lines?.[index]?.damagedQuantity?.message}>
              <input type="number" min={0} step={1} className="input" {...register(`lines.${index}.damagedQuantity`, { valueAsNumber: true })} />
            </Field>
          </div>
        </fieldset>
      ))}
      <label className="flex items-center gap-2 text-slate-900">
        <input type="checkbox" className="h-4 w-4" {...register('refundShipping')} />
        {text.shopAtFault}
      </label>
      <SubmitRow error={formError} busy={isSubmitting} label={text.receiveSubmit} busyLabel={text.working} />
    </form>
  );
}

/** Receiving: per line the units that came back and how many of them damaged (those do not go back to stock); the refund follows at once. */
export function ReceiveDialog({ item, onClose }: { item: Return | null; onClose: () => void }) {
  return (
    <Modal open={item !== null} onClose={onClose} title={item ? text.receiveTitle(item.number) : ''}>
      {item && <ReceiveForm key={item.id} item={item} onDone={onClose} />}
    </Modal>
  );
}
