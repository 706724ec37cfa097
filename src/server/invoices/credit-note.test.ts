/** The credit note PDF, read back as text by pdftotext: every fact on it. */
import { describe, expect, it } from 'vitest';
import { canReadPdfs, pdfInfo, pdfText } from '../test/pdf-text.js';
import { type CreditNoteFacts, renderCreditNotePdf } from './credit-note.js';
import type { ShopDetails } from './pdf.js';

const shop: ShopDetails = {
  name: 'Partsmith Test Shop',
  address: '100 Foundry Road\nSpringfield, IL 62701\nUnited States',
  email: 'orders@partsmith.example',
  publicUrl: 'https://shop.partsmith.example',
  vatId: 'DE136695976',
};

// Two headlights back at $89.50 (2 × 89.50 = 179.00) and one alternator core at its $25.00 deposit;
// shipping $12.00 (the shop was at fault); tax 6 % of 179.00 + 25.00 + 12.00 = 216.00 → $12.96.
// Total 179.00 + 25.00 + 12.00 + 12.96 = $228.96.
const note: CreditNoteFacts = {
  creditNoteNumber: 'CN-000007',
  issuedAt: '2026-12-02T23:30:00.000Z',
  orderId: '1234',
  invoiceNumber: 'INV-000042',
  returnNumber: 'RMA-000042',
  poNumber: 'PO-7781-ACME',
  customer: { name: 'Olu Fleet', email: 'olu@fleet.example', phone: '5550100', address: 'Yard 7, Leeds LS1 4AP', vatId: null },
  lines: [{ sku: 'HL-20001', product: 'Headlight assembly, LED', quantity: 2, unitPrice: 89.5, lineTotal: 179 }],
  coreDeposits: [{ sku: 'ALT-30017', product: 'Alternator 150 A, remanufactured', quantity: 1, coreCharge: 25, total: 25 }],
  shipping: 12,
  tax: 12.96,
  total: 228.96,
  paymentReference: 'pi_3QxTest42',
};

const onOneLine = (...parts: string[]) => new RegExp(parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[ \\t]+'));

describe.runIf(canReadPdfs)('the credit note PDF', () => {
  it('shows the shop, the credit note with its order, invoice and return, the buyer, what is refunded and the total', async () => {
    const text = await pdfText(await renderCreditNotePdf(note, shop));
    for (const line of ['Partsmith Test Shop', '100 Foundry Road', 'Springfield, IL 62701', 'orders@partsmith.example', 'https://shop.partsmith.example', 'VAT ID: DE136695976']) {
      expect(text).toContain(line);
    }
    expect(text).toMatch(/^\s*Partsmith Test Shop\s+Credit note$/m);
    expect(text).toMatch(onOneLine('Credit note number', 'CN-000007'));
    // The date is UTC's, as the invoice's.
    expect(text).toMatch(onOneLine('Credit note date', 'Dec 2, 2026'));
    expect(text).toMatch(onOneLine('Order number', 'ORD-001234'));
    expect(text).toMatch(onOneLine('Invoice number', 'INV-000042'));
    expect(text).toMatch(onOneLine('Return number', 'RMA-000042'));
    expect(text).toMatch(onOneLine('PO number', 'PO-7781-ACME'));
    for (const line of ['BILL TO', 'Olu Fleet', 'Yard 7, Leeds LS1 4AP', 'olu@fleet.example', '5550100']) expect(text).toContain(line);
    expect(text).not.toContain('SHIP TO');

    expect(text).toMatch(onOneLine('Part number', 'Description', 'Quantity', 'Unit price', 'Line total'));
    expect(text).toMatch(onOneLine('HL-20001', 'Headlight assembly, LED', '2', '$89.50', '$179.00'));
    // The description wraps within its column.
    expect(text).toMatch(onOneLine('ALT-30017', 'Core deposit, refundable: Alternator 150 A,', '1', '$25.00', '$25.00'));
    expect(text).toMatch(/Core deposit, refundable: Alternator 150 A,.*\n\s+remanufactured/);
    expect(text).toMatch(onOneLine('Shipping', '$12.00'));
    expect(text).toMatch(onOneLine('Tax', '$12.96'));
    expect(text).toMatch(onOneLine('Total refunded (USD)', '$228.96'));
    expect(text).toContain('Refunded to the payment pi_3QxTest42');
    expect(text).toContain('Partsmith Test Shop · Credit note CN-000007 · Page 1 of 1');
  });

  it("a cancelled order's: no return number, no shipping or tax refunded shows $0.00, no invoice before invoices", async () => {
    const cancelled = { ...note, returnNumber: null, invoiceNumber: null, poNumber: '', coreDeposits: [], shipping: 0, tax: 0, total: 179 };
    const text = await pdfText(await renderCreditNotePdf(cancelled, shop));
    expect(text).not.toContain('Return number');
    expect(text).not.toContain('Invoice number');
    expect(text).not.toContain('PO number');
    expect(text).not.toContain('Core deposit');
    expect(text).toMatch(onOneLine('Shipping', '$0.00'));
    expect(text).toMatch(onOneLine('Total refunded (USD)', '$179.00'));
  });

  it('is a US Letter document titled with the credit note number and authored by the shop', async () => {
    const info = await pdfInfo(await renderCreditNotePdf(note, shop));
    expect(info).toMatchObject({ Title: 'Credit note CN-000007', Author: 'Partsmith Test Shop', Subject: 'Order ORD-001234', Pages: '1' });
    expect(info['Page size']).toContain('(letter)');
  });
});
