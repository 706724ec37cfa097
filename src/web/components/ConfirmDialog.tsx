import { useId } from 'react';
import { Modal } from './Modal.js';

interface ConfirmDialogProps {
  open: boolean;
  /** The SPEC's question, e.g. messages.confirm.removeProduct(name, stock). */
  message: string;
  title?: string;
  confirmLabel?: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** An accessible Yes/Cancel confirmation on a native <dialog> (instead of window.confirm). */
export function ConfirmDialog({
  open,
  message,
  title = 'Please confirm',
  confirmLabel = 'Yes',
  busy = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Modal open={open} onClose={onCancel} title={title} role="alertdialog" describedBy={messageId} size="sm">
      <p id={messageId} className="text-slate-800">
        {message}
      </p>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn-danger" onClick={onConfirm} disabled={busy}>
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
