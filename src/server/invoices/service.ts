/** The invoices domain as other domains and flows see it: a paid order's facts in, its invoice PDF out; a shipment's, its packing slip. */
export { type Charges, goodsOnly, type InvoiceFacts, type InvoiceLine, renderInvoicePdf, type ShopDetails } from './pdf.js';
export { type PackingSlipFacts, renderPackingSlipPdf } from './packing-slip.js';
export { type CreditNoteFacts, renderCreditNotePdf } from './credit-note.js';
