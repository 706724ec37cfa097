/**
 * A refund's credit note as a PDF, laid out as the invoice it credits (pdf.ts): the shop and the credit
 * note's facts, the buyer, what is refunded (units at the price paid, core deposits), shipping and tax as
 * the refund gave them back, and the total.
 */
import { formatMoney, formatOrderNumber, formatQuantity } from '../../shared/format.js';
import { refundMessages as words } from '../../shared/messages.js';
import { drawable, drawAddresses, drawFooters, drawHeading, drawRows, drawSums, formatInvoiceDate, type InvoiceFacts, newDocument, type Row, type ShopDetails } from './pdf.js';

/** Amounts in dollars. */
export interface CreditNoteFacts {
  /** CN-000001 */
  creditNoteNumber: string;
  /** ISO time of the refund: the credit note's date. */
  issuedAt: string;
  orderId: string;
  /** The invoice it credits (INV-000042); null for an order from before invoices. */
  invoiceNumber: string | null;
  /** The return it refunds (RMA-000042); null for a cancelled order's whole refund. */
  returnNumber: string | null;
  poNumber: string;
  customer: InvoiceFacts['customer'];
  /** The units refunded at the price paid. */
  lines: { sku: string; product: string; quantity: number; unitPrice: number; lineTotal: number }[];
  /** The core deposits refunded. */
  coreDeposits: { sku: string; product: string; quantity: number; coreCharge: number; total: number }[];
  shipping: number;
  tax: number;
  total: number;
  paymentReference: string | null;
}

export async function renderCreditNotePdf(facts: CreditNoteFacts, shopDetails: ShopDetails): Promise<Buffer> {
  const note = drawable(facts);
  const shop = drawable(shopDetails);
  const { doc, pdf } = await newDocument({ Title: `${words.creditNote} ${note.creditNoteNumber}`, Author: shop.name, Subject: `Order ${formatOrderNumber(note.orderId)}` });

  const heading: [string, string][] = [
    [words.creditNoteNumber, note.creditNoteNumber],
    [words.creditNoteDate, formatInvoiceDate(note.issuedAt)],
    [words.orderNumber, formatOrderNumber(note.orderId)],
  ];
  if (note.invoiceNumber) heading.push([words.invoiceNumber, note.invoiceNumber]);
  if (note.returnNumber) heading.push([words.returnNumber, note.returnNumber]);
  if (note.poNumber.trim()) heading.push([words.poNumber, note.poNumber.trim()]);
  drawHeading(doc, shop, words.creditNote, heading);
  drawAddresses(doc, { customer: note.customer, shipTo: null });

  const rows: Row[] = [
    ...note.lines.map((line) => ({ cells: [line.sku, line.product, formatQuantity(line.quantity), formatMoney(line.unitPrice), formatMoney(line.lineTotal)] })),
    ...note.coreDeposits.map((core) => ({ cells: [core.sku, words.coreDeposit(core.product), formatQuantity(core.quantity), formatMoney(core.coreCharge), formatMoney(core.total)] })),
  ];
  drawRows(doc, rows);
  drawSums(doc, [[words.shipping, note.shipping], [words.tax, note.tax]], words.total, note.total);
  doc.y += 18;
  doc.font('Helvetica-Bold').fontSize(12).text(words.refundedTitle, doc.page.margins.left, doc.y);
  if (note.paymentReference) doc.font('Helvetica').fontSize(9).text(words.refundedTo(note.paymentReference));
  drawFooters(doc, (page, pages) => words.footer(shop.name, note.creditNoteNumber, page, pages));
  doc.end();
  return pdf;
}
