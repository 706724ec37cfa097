import { useState } from 'react';
import { toast } from '../../../lib/toast.js';
import type { Order } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { errorText } from '../../../lib/form-errors.js';
import { saveFile } from '../../../lib/save-file.js';
import { fetchInvoice } from '../api.js';

const text = messages.ui.orders;

/** "Invoice INV-000042": downloads a paid order's invoice as invoice-INV-000042.pdf; nothing before it is paid. */
export function InvoiceButton({ order }: { order: Order }) {
  const [busy, setBusy] = useState(false);
  const { invoiceNumber } = order;
  if (!invoiceNumber) return null;

  const download = async () => {
    setBusy(true);
    try {
      saveFile(await fetchInvoice(order._id), text.invoiceFile(invoiceNumber));
    } catch (failure) {
      toast.error(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn-secondary px-3 py-1.5" disabled={busy} onClick={() => void download()}>
      {text.invoice(invoiceNumber)}
    </button>
  );
}
