import { useId } from 'react';
import { Modal } from './Modal.js';

interface ConfirmDialogProps {
  open: boolean;
  /** The original question (docs/legacy-contract.md#confirmations), e.g. messages.confirm.removeProduct(name, stock). */
  message: string;
  /** Sentences after the question, each its own paragraph (the original question stays word for word). */
  details?: readonly string[] | undefined;
  title?: string;
  /** Name the buttons after what they do: 'Cancel order' / 'Keep order' rather than 'Yes' / 'Cancel'. */
  confirmLabel?: string | undefined;
  cancelLabel?: string | undefined;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** An accessible confirmation on a native <dialog> (instead of window.confirm). */
export function ConfirmDialog({
  open,
  message,
  details = [],
  title = 'Please confirm',
  confirmLabel = 'Yes',
  cancelLabel = 'Cancel',
  busy = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Modal open={open} onClose={onCancel} title={title} role="alertdialog" describedBy={messageId} size="sm">
      <div id={messageId} className="space-y-2 text-slate-800">
        <p>{message}</p>
        {details.map((detail) => (
          <p key={detail}>{detail}</p>
        ))}
      </div>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="btn-danger" onClick={onConfirm} disabled={busy}>
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
