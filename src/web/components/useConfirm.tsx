import { useState } from 'react';
import { toast } from '../lib/toast.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { errorText } from '../lib/form-errors.js';

export interface ConfirmOptions {
  /** The button that does it, named after what it does ('Cancel order'); 'Yes' when not given. */
  confirmLabel?: string;
  /** The button that leaves things as they are ('Keep order'); 'Cancel' when not given. */
  cancelLabel?: string;
  /** Sentences that follow the question, each its own paragraph (what else the action does). */
  details?: readonly string[];
}

interface Pending extends ConfirmOptions {
  message: string;
  run: () => Promise<string>;
}

/**
 * One confirmation per table: `ask(question, action, options)` opens the dialog; the confirm button runs
 * the action, toasts the text it returns and closes; a failure stays in the dialog in red (and is
 * toasted), never silently. Buttons should name what they do (`confirmLabel`, `cancelLabel`).
 */
export function useConfirm() {
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = (message: string, run: () => Promise<string>, options: ConfirmOptions = {}) => {
    setError(null);
    setPending({ message, run, ...options });
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
      details={pending?.details}
      confirmLabel={pending?.confirmLabel}
      cancelLabel={pending?.cancelLabel}
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={close}
    />
  );
  return { ask, dialog };
}
