/** A refund's credit note as a PDF (the types here; the drawing below them). */
import type { InvoiceFacts } from './pdf.js';

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
