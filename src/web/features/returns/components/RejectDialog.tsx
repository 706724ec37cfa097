import { returnsUiMessages } from '../../../../shared/returns-copy.js';
import { type Return, returnRejectSchema } from '../../../../shared/returns-api.js';
import { Field, SubmitRow } from '../../../components/Field.js';
import { Modal } from '../../../components/Modal.js';
import { toast } from '../../../lib/toast.js';
import { useServerForm } from '../../../lib/useServerForm.js';
import { useRejectReturn } from '../api.js';

const text = returnsUiMessages.manage;

function RejectForm({ item, onDone }: { item: Return; onDone: () => void }) {
  const reject = useRejectReturn();
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema: returnRejectSchema,
    defaultValues: { reason: '' },
    fields: ['reason'],
    submit: ({ reason }) => reject.mutateAsync({ id: item.id, reason }),
    onSuccess: (answer) => {
      toast.success(text.rejected(answer.number));
      onDone();
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field label={text.rejectReason} error={errors.reason?.message}>
        <textarea rows={3} className="input" data-autofocus {...register('reason')} />
      </Field>
      <SubmitRow error={formError} busy={isSubmitting} label={text.rejectSubmit} busyLabel={text.working} buttonClassName="btn-danger" />
    </form>
  );
}

/** Rejecting a requested return asks why (the buyer reads it). */
export function RejectDialog({ item, onClose }: { item: Return | null; onClose: () => void }) {
  return (
    <Modal open={item !== null} onClose={onClose} title={item ? text.rejectTitle(item.number) : ''} size="sm">
      {item && <RejectForm key={item.id} item={item} onDone={onClose} />}
    </Modal>
  );
}
