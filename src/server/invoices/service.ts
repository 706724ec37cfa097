/** The invoices domain as other domains and flows see it: a paid order's facts in, its invoice PDF out. */
export { type Charges, goodsOnly, type InvoiceFacts, type InvoiceLine, renderInvoicePdf, type ShopDetails } from './pdf.js';
export { type CreditNoteFacts, renderCreditNotePdf } from './credit-note.js';
