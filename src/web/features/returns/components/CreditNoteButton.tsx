import { returnsUiMessages } from '../../../../shared/returns-copy.js';
import type { Return } from '../../../../shared/returns-api.js';
import { DownloadButton } from '../../../components/DownloadButton.js';
import { fetchCreditNote } from '../api.js';

/** "Credit note CN-000001": downloads a refunded return's credit note; nothing before the refund. */
export function CreditNoteButton({ item }: { item: Return }) {
  if (!item.refund) return null;
  const { creditNote } = item.refund;
  return (
    <DownloadButton
      fetchFile={() => fetchCreditNote(item.id)}
      fileName={returnsUiMessages.creditNoteFile(creditNote)}
      label={returnsUiMessages.creditNote(creditNote)}
      testId="credit-note"
    />
  );
}
