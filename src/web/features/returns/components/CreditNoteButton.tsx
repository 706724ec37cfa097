import { useState } from 'react';
import { returnsUiMessages } from '../../../../shared/returns-copy.js';
import type { Return } from '../../../../shared/returns-api.js';
import { errorText } from '../../../lib/form-errors.js';
import { saveFile } from '../../../lib/save-file.js';
import { toast } from '../../../lib/toast.js';
import { fetchCreditNote } from '../api.js';

/** "Credit note CN-000001": downloads a refunded return's credit note (a link could not send the token). */
export function CreditNoteButton({ item }: { item: Return }) {
  const [busy, setBusy] = useState(false);
  if (!item.refund) return null;
  const { creditNote } = item.refund;
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await fetchCreditNote(item.id), returnsUiMessages.creditNoteFile(creditNote));
    } catch (failure) {
      toast.error(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn-secondary px-3 py-1.5" disabled={busy} onClick={() => void download()} data-testid="credit-note">
      {returnsUiMessages.creditNote(creditNote)}
    </button>
  );
}
