import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from './ConfirmDialog.js';
import { errorText } from '../lib/form-errors.js';

interface Pending {
  message: string;
  run: () => Promise<string>;
  confirmLabel: string | undefined;
}

/**
 * One confirmation per table: `ask(question, action)` opens the dialog; Yes (or `confirmLabel`, a button
 * name that says what it does) runs the action, toasts the text it returns and closes; a failure stays in
 * the dialog in red (and is toasted), never silently.
 */
export function useConfirm() {
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = (message: string, run: () => Promise<string>, confirmLabel?: string) => {
    setError(null);
    setPending({ message, run, confirmLabel });
  };

  const close = () => {
    if (busy) return;
    setPending(null);
    setError(null);
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      const done = await pending.run();
      toast.success(done);
      setPending(null);
    } catch (failure) {
      const text = errorText(failure);
      setError(text);
      toast.error(text);
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      message={pending?.message ?? ''}
      confirmLabel={pending?.confirmLabel}
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={close}
    />
  );
  return { ask, dialog };
}
