/** The invoice PDF, read back as text by pdftotext: every fact on it, and a long order over several pages. */
import { describe, expect, it } from 'vitest';
import { canReadPdfs, pagesOf, pdfInfo, pdfText } from '../test/pdf-text.js';
import { type InvoiceFacts, type InvoiceLine, renderInvoicePdf, type ShopDetails } from './pdf.js';

const shop: ShopDetails = {
  name: 'Partsmith Test Shop',
  address: '100 Foundry Road\nSpringfield, IL 62701\nUnited States',
  email: 'orders@partsmith.example',
  publicUrl: 'https://shop.partsmith.example',
};

const invoice: InvoiceFacts = {
  invoiceNumber: 'INV-000042',
  issuedAt: '2026-11-23T16:45:00.000Z',
  orderId: '1234',
  orderedAt: '2026-11-20T09:15:00.000Z',
  poNumber: 'PO-7781-ACME',
  customer: { name: 'Olu Fleet', email: 'olu@fleet.example', phone: '5550100', address: 'Yard 7, Leeds LS1 4AP', vatId: null },
  shipTo: ['Receiving Dock', 'Olu Fleet Ltd', '1 Main St', 'Burlington, VT 05401', 'US'],
  lines: [
    { sku: 'BRK-10001', product: 'Brake Disc, vented 280 mm', quantity: 40, unitPrice: 10, listPrice: 12.5, lineTotal: 400 },
    { sku: 'FLT-20417', product: 'Oil Filter', quantity: 1200, unitPrice: 3.45, listPrice: 3.45, lineTotal: 4140 },
    { sku: 'SPK-31008', product: 'Spark Plug Iridium', quantity: 8, unitPrice: 9.99, listPrice: 9.99, lineTotal: 79.92 },
  ],
  // VT 6 % on each line and on shipping: 24.00 + 248.40 + 4.80 (4.7952) + 5.34 = 282.54; 4,619.92 + 89 + 282.54.
  charges: { subtotal: 4619.92, shipping: 89, shippingMethod: 'Ground freight', taxLines: [{ name: 'Vermont sales tax', rate: 6, amount: 282.54 }] },
  total: 4991.46,
  reverseCharge: false,
  taxExemption: null,
  paymentReference: 'pi_3QxTest42',
};

/** The text must stand on one line of the page, its parts separated by any amount of space. */
const onOneLine = (...parts: string[]) => new RegExp(parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[ \\t]+'));

describe.runIf(canReadPdfs)('the invoice PDF', () => {
  it('shows the shop, the invoice and order facts, the buyer, every line, the total and the payment', async () => {
    const text = await pdfText(await renderInvoicePdf(invoice, shop));

    for (const line of ['Partsmith Test Shop', '100 Foundry Road', 'Springfield, IL 62701', 'United States', 'orders@partsmith.example', 'https://shop.partsmith.example']) {
      expect(text).toContain(line);
    }
    expect(text).toMatch(/^\s*Partsmith Test Shop\s+Invoice$/m);
    expect(text).toMatch(onOneLine('Invoice number', 'INV-000042'));
    expect(text).toMatch(onOneLine('Invoice date', 'Nov 23, 2026'));
    expect(text).toMatch(onOneLine('Order number', 'ORD-001234'));
    expect(text).toMatch(onOneLine('Order date', 'Nov 20, 2026'));
    expect(text).toMatch(onOneLine('PO number', 'PO-7781-ACME'));
    for (const line of ['BILL TO', 'Olu Fleet', 'Yard 7, Leeds LS1 4AP', 'olu@fleet.example', '5550100']) expect(text).toContain(line);

    expect(text).toMatch(onOneLine('Part number', 'Description', 'Quantity', 'Unit price', 'Line total'));
    expect(text).toMatch(onOneLine('BRK-10001', 'Brake Disc, vented 280 mm', '40', '$10.00', '$400.00'));
    expect(text).toMatch(onOneLine('FLT-20417', 'Oil Filter', '1,200', '$3.45', '$4,140.00'));
    expect(text).toMatch(onOneLine('SPK-31008', 'Spark Plug Iridium', '8', '$9.99', '$79.92'));
    // the price break shows under the line it applied to, and only there
    expect(text).toMatch(/Brake Disc, vented 280 mm.*\n\s+Price break: list \$12\.50, you pay \$10\.00/);
    expect(text.match(/Price break/g)).toHaveLength(1);

    expect(text).toMatch(onOneLine('Subtotal', '$4,619.92'));
    expect(text).toMatch(onOneLine('Shipping (Ground freight)', '$89.00'));
    expect(text).toMatch(onOneLine('Vermont sales tax (6%)', '$282.54'));
    expect(text).toMatch(onOneLine('Total (USD)', '$4,991.46'));
    for (const line of ['SHIP TO', 'Receiving Dock', 'Olu Fleet Ltd', '1 Main St', 'Burlington, VT 05401']) expect(text).toContain(line);
    expect(text).not.toContain('VAT ID');
    expect(text).not.toContain('Reverse charge');
    expect(text).not.toContain('Tax exempt');
    expect(text).toMatch(/^\s*Paid$/m);
    expect(text).toContain('Paid on Nov 23, 2026');
    expect(text).toContain('Payment reference: pi_3QxTest42');
    expect(text).toContain('Page 1 of 1');
  });

  it('lists a line per tax rate with its rate, and shipping without a method on an order from before shipping was charged', async () => {
    const charges = {
      subtotal: 100,
      shipping: 28,
      shippingMethod: 'EU parcel (duties paid)',
      taxLines: [
        { name: 'VAT DE standard', rate: 19, amount: 12.32 },
        { name: 'VAT DE reduced', rate: 7, amount: 2.1 },
      ],
    };
    const text = await pdfText(await renderInvoicePdf({ ...invoice, charges, total: 142.42 }, shop));
    expect(text).toMatch(onOneLine('Shipping (EU parcel (duties paid))', '$28.00'));
    expect(text).toMatch(onOneLine('VAT DE standard (19%)', '$12.32'));
    expect(text).toMatch(onOneLine('VAT DE reduced (7%)', '$2.10'));
    expect(text).toMatch(onOneLine('Total (USD)', '$142.42'));

    // Facts kept in the outbox from before: goods only, nowhere in particular.
    const { charges: _charges, shipTo: _shipTo, ...before } = invoice;
    const old = await pdfText(await renderInvoicePdf({ ...before, total: 4619.92 }, shop));
    expect(old).toMatch(onOneLine('Subtotal', '$4,619.92'));
    expect(old).toMatch(/^\s*Shipping\s+\$0\.00$/m);
    expect(old).toMatch(onOneLine('Total (USD)', '$4,619.92'));
    expect(old).not.toContain('SHIP TO');
  });

  it('on a reverse-charged order carries the buyer\'s and the shop\'s VAT IDs and the reverse-charge wording, and no tax line', async () => {
    const reverse: InvoiceFacts = {
      ...invoice,
      customer: { ...invoice.customer, vatId: 'FR40303265045' },
      charges: { subtotal: 4619.92, shipping: 120, shippingMethod: 'EU parcel (duties paid)', taxLines: [] },
      total: 4739.92,
      reverseCharge: true,
    };
    const text = await pdfText(await renderInvoicePdf(reverse, { ...shop, vatId: 'DE136695976' }));
    expect(text).toContain('VAT ID: FR40303265045');
    expect(text).toContain('VAT ID: DE136695976');
    expect(text.replace(/\s+/g, ' ')).toContain('Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)');
    expect(text).not.toMatch(/VAT \w+ standard/);
    expect(text).toMatch(onOneLine('Total (USD)', '$4,739.92'));
    expect(text).not.toContain('Tax exempt');
  });

  it('on an exempt buyer\'s order says which certificate exempts it', async () => {
    const exempt: InvoiceFacts = { ...invoice, charges: { ...invoice.charges!, taxLines: [] }, total: 4708.92, taxExemption: 'RESALE-VT-0042' };
    const text = await pdfText(await renderInvoicePdf(exempt, shop));
    expect(text).toContain('Tax exempt: resale/exemption certificate RESALE-VT-0042');
    expect(text).toMatch(onOneLine('Total (USD)', '$4,708.92'));
    expect(text).not.toContain('Reverse charge');
  });

  it('is a US Letter document titled with the invoice number and authored by the shop', async () => {
    const info = await pdfInfo(await renderInvoicePdf(invoice, shop));
    expect(info).toMatchObject({ Title: 'Invoice INV-000042', Author: 'Partsmith Test Shop', Pages: '1' });
    expect(info['Page size']).toContain('(letter)');
  });

  it('dates the invoice in UTC, prints each address line on its own and leaves out an empty PO number, payment reference and shop e-mail', async () => {
    const lateAtNight = { ...invoice, issuedAt: '2026-12-31T23:59:59.000Z', poNumber: '  ', paymentReference: null };
    const text = await pdfText(await renderInvoicePdf(lateAtNight, { ...shop, email: '', address: 'Unit 4\nDock Lane' }));
    expect(text).toMatch(onOneLine('Invoice date', 'Dec 31, 2026'));
    expect(text).toContain('Paid on Dec 31, 2026');
    expect(text).not.toContain('PO number');
    expect(text).not.toContain('Payment reference');
    expect(text).not.toContain('orders@partsmith.example');
    expect(text).toMatch(/^\s*Unit 4\s/m);
    expect(text).toMatch(/^\s*Dock Lane\s/m);
  });

  it('draws letters the built-in fonts lack without their accent, and other characters as ?', async () => {
    const customer = { ...invoice.customer, name: 'Łukasz Żółć 张伟', address: 'Straße 1 – Köln' };
    const text = await pdfText(await renderInvoicePdf({ ...invoice, customer }, shop));
    expect(text).toContain('Lukasz Zólc ??');
    expect(text).toContain('Straße 1 – Köln');
  });

  it('flows 200 lines onto further pages, repeating the table header and numbering the pages', async () => {
    const lines: InvoiceLine[] = Array.from({ length: 200 }, (_, i) => ({
      sku: `P-${String(i + 1).padStart(4, '0')}`,
      product: i % 10 === 0 ? 'Heavy-duty clutch kit with flywheel, pressure plate and release bearing' : `Part ${i + 1}`,
      quantity: 10 + i,
      unitPrice: 5,
      listPrice: i % 2 ? 6 : 5,
      lineTotal: 5 * (10 + i),
    }));
    const total = lines.reduce((sum, line) => sum + line.lineTotal, 0);
    const charges = { subtotal: total, shipping: 0, shippingMethod: 'Pickup', taxLines: [] };
    const pdf = await renderInvoicePdf({ ...invoice, lines, charges, total }, shop);
    const pages = pagesOf(await pdfText(pdf));

    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect((await pdfInfo(pdf)).Pages).toBe(String(pages.length));
    pages.forEach((page, i) => {
      expect(page, `page ${i + 1}`).toMatch(onOneLine('Part number', 'Description', 'Quantity', 'Unit price', 'Line total'));
      expect(page, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    const all = pages.join('\n');
    for (const line of lines) {
      expect(all.match(new RegExp(`^\\s*${line.sku}\\s`, 'gm')), line.sku).toHaveLength(1);
    }
    expect(all).toMatch(onOneLine('P-0200', 'Part 200', '209', '$5.00', '$1,045.00'));
    expect(pages.at(-1)).toMatch(onOneLine('Total (USD)', '$109,500.00'));
  });
});
