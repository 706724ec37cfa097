import type { Order } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { DownloadButton } from '../../../components/DownloadButton.js';
import { fetchInvoice } from '../api.js';

const text = messages.ui.orders;

/** "Invoice INV-000042": downloads a paid order's invoice as invoice-INV-000042.pdf; nothing before it is paid. */
export function InvoiceButton({ order }: { order: Order }) {
  const { invoiceNumber } = order;
  if (!invoiceNumber) return null;
  return <DownloadButton fetchFile={() => fetchInvoice(order._id)} fileName={text.invoiceFile(invoiceNumber)} label={text.invoice(invoiceNumber)} />;
}
