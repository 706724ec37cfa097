/**
 * A paid order's invoice as a PDF: US Letter, in the PDF's built-in Helvetica (no font files, so Windows-1252
 * characters only). A long order flows onto further pages, each repeating the table's header and numbered
 * in its footer.
 */
import { formatDate, formatMoney, formatOrderNumber, formatQuantity, formatRate } from '../../shared/format.js';
import { checkoutMessages } from '../../shared/messages.js';

const words = checkoutMessages.charges;

/** Amounts in dollars. */
export interface InvoiceLine {
  sku: string;
  product: string;
  quantity: number;
  unitPrice: number;
  /** The product's price before its quantity price break; above `unitPrice` when a break applied. */
  listPrice: number;
  lineTotal: number;
}

/** What an order charged beside its goods' lines, in dollars: subtotal + shipping + tax lines = the total. */
export interface Charges {
  subtotal: number;
  shipping: number;
  /** The shipping method's name; null on orders from before shipping was charged. */
  shippingMethod: string | null;
  taxLines: { name: string; rate: number; amount: number }[];
}

/** Facts written before orders charged shipping and tax (kept in the outbox meanwhile) read as goods only. */
export const goodsOnly = (total: number): Charges => ({ subtotal: total, shipping: 0, shippingMethod: null, taxLines: [] });

export interface InvoiceFacts {
  invoiceNumber: string;
  /** ISO time the order was paid: the invoice date. */
  issuedAt: string;
  orderId: string;
  /** ISO */
  orderedAt: string;
  /** Empty when the buyer gave none. */
  poNumber: string;
  /** `vatId`: the buyer's, when they gave one. */
  customer: { name: string; email: string; phone: string; address: string; vatId?: string | null };
  /** Where the parts go, a line each; absent on orders from before structured addresses (the address above says it). */
  shipTo?: string[] | null;
  lines: InvoiceLine[];
  /** Absent on facts from before shipping and tax were charged: goods only. */
  charges?: Charges;
  /** Dollars: what was charged. */
  total: number;
  /** Why no tax was charged: EU reverse charge, or the buyer's exemption certificate (its number). */
  reverseCharge?: boolean;
  taxExemption?: string | null;
  paymentReference: string | null;
}

export interface ShopDetails {
  name: string;
  /** May span several lines. */
  address: string;
  /** Empty: not printed. */
  email: string;
  publicUrl: string;
  /** The shop's EU VAT ID (SHOP_VAT_ID); empty or absent: not printed. */
  vatId?: string;
}

export type Doc = PDFKit.PDFDocument;

// The page's geometry, colours and fonts, which the packing slip (packing-slip.ts) shares.
export const MARGIN = 54;
export const LEFT = MARGIN;
export const CONTENT_WIDTH = 612 - 2 * MARGIN;
export const RIGHT = LEFT + CONTENT_WIDTH;
/** The header's two blocks: the shop on the left, the invoice's facts on the right. */
const FACTS_WIDTH = 244;
const FACTS_LEFT = RIGHT - FACTS_WIDTH;
const FACT_LABEL_WIDTH = 84;

export const REGULAR = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const INK = '#0f172a';
export const MUTED = '#475569';
export const RULE = '#cbd5e1';
export const BAND = '#f1f5f9';
const PAID = '#15803d';

const CELL_PADDING = 5;
const COLUMNS = [
  { title: 'Part number', width: 96, align: 'left' },
  { title: 'Description', width: 204, align: 'left' },
  { title: 'Quantity', width: 56, align: 'right' },
  { title: 'Unit price', width: 72, align: 'right' },
  { title: 'Line total', width: 76, align: 'right' },
] as const;

/** The day of an instant in UTC, the invoice's calendar. */
export const formatInvoiceDate = (iso: string) => formatDate(iso, 'UTC');

/** Windows-1252 beyond Latin-1: all the built-in fonts can draw besides printable ASCII and U+00A0–U+00FF. */
const CP1252_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const UNACCENTED: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i' };

function drawableChar(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRAS.includes(char);
}

/** The built-in fonts draw garbage for other characters: a letter loses its accent (Ż → Z), the rest becomes '?'. */
function drawableText(text: string): string {
  return Array.from(text, (char) => {
    if (drawableChar(char)) return char;
    const base = UNACCENTED[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
    return base !== '' && Array.from(base).every(drawableChar) ? base : '?';
  }).join('');
}

/** Every string of `facts` made drawable (line breaks are split off before drawing, so they stay). */
export const drawable = <T>(facts: T): T =>
  JSON.parse(JSON.stringify(facts), (_key, value: unknown) =>
    typeof value === 'string' ? value.split(/\r?\n/).map(drawableText).join('\n') : value,
  ) as T;

export const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export async function renderInvoicePdf(facts: InvoiceFacts, shopDetails: ShopDetails): Promise<Buffer> {
  const invoice = drawable(facts);
  const shop = drawable(shopDetails);
  const { doc, pdf } = await newDocument({ Title: `Invoice ${invoice.invoiceNumber}`, Author: shop.name, Subject: `Order ${formatOrderNumber(invoice.orderId)}` });
  drawHeader(doc, invoice, shop);
  drawAddresses(doc, invoice);
  drawRows(doc, invoice.lines.map(rowOf));
  drawTotal(doc, invoice);
  drawFooters(doc, (page, pages) => `${shop.name} · Invoice ${invoice.invoiceNumber} · Page ${page} of ${pages}`);
  doc.end();
  return pdf;
}

/** A new US Letter document in the built-in fonts, its pages kept for the footers, and its bytes once it ends. */
export async function newDocument(info: { Title: string; Author: string; Subject: string }): Promise<{ doc: Doc; pdf: Promise<Buffer> }> {
  // Loaded with the first document, not at start: its fonts take megabytes of heap that most servers never need.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, bufferPages: true, info });
  return { doc, pdf: collect(doc) };
}

function collect(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function drawHeader(doc: Doc, invoice: InvoiceFacts, shop: ShopDetails): void {
  const facts: [string, string][] = [
    ['Invoice number', invoice.invoiceNumber],
    ['Invoice date', formatInvoiceDate(invoice.issuedAt)],
    ['Order number', formatOrderNumber(invoice.orderId)],
    ['Order date', formatInvoiceDate(invoice.orderedAt)],
  ];
  if (invoice.poNumber.trim()) facts.push(['PO number', invoice.poNumber.trim()]);
  drawHeading(doc, shop, 'Invoice', facts);
}

/** The shop on the left; the document's title and its facts (label, value) on the right. */
export function drawHeading(doc: Doc, shop: ShopDetails, title: string, facts: readonly [string, string][]): void {
  const top = doc.y;
  const shopWidth = FACTS_LEFT - LEFT - 16;
  doc.font(BOLD).fontSize(16).fillColor(INK).text(shop.name, LEFT, top, { width: shopWidth });
  doc.moveDown(0.2).font(REGULAR).fontSize(9).fillColor(MUTED);
  const vatId = shop.vatId ? words.vatId(shop.vatId) : '';
  for (const line of [...linesOf(shop.address), shop.email, shop.publicUrl, vatId].filter(Boolean)) doc.text(line, { width: shopWidth });
  const shopBottom = doc.y;

  doc.font(BOLD).fontSize(24).fillColor(INK).text(title, FACTS_LEFT, top, { width: FACTS_WIDTH, align: 'right' });
  doc.moveDown(0.3);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font(REGULAR).fontSize(9).fillColor(MUTED).text(label, FACTS_LEFT, y, { width: FACT_LABEL_WIDTH });
    doc.font(BOLD).fillColor(INK).text(value, FACTS_LEFT + FACT_LABEL_WIDTH, y, { width: FACTS_WIDTH - FACT_LABEL_WIDTH, align: 'right' });
  }
  doc.y = Math.max(shopBottom, doc.y) + 24;
}

/** The buyer on the left, where the parts go on the right (when the order has a structured address). */
export function drawAddresses(doc: Doc, invoice: Pick<InvoiceFacts, 'customer' | 'shipTo'>): void {
  const { customer } = invoice;
  const top = doc.y;
  const width = CONTENT_WIDTH / 2 - 12;
  const vatId = customer.vatId ? words.vatId(customer.vatId) : '';
  const billed = addressBlock(doc, 'BILL TO', LEFT, top, width, customer.name, [...linesOf(customer.address), customer.email, customer.phone, vatId]);
  const [receiver, ...rest] = invoice.shipTo ?? [];
  const shipped = receiver === undefined ? top : addressBlock(doc, 'SHIP TO', LEFT + CONTENT_WIDTH / 2, top, width, receiver, rest);
  doc.x = LEFT;
  doc.y = Math.max(billed, shipped);
  doc.moveDown(1.5);
}

/** A titled block of lines, the first in bold; returns where it ends. */
export function addressBlock(doc: Doc, title: string, x: number, top: number, width: number, first: string, lines: string[]): number {
  doc.font(BOLD).fontSize(8).fillColor(MUTED).text(title, x, top, { width, characterSpacing: 0.5 });
  doc.moveDown(0.3).font(BOLD).fontSize(10).fillColor(INK).text(first, x, doc.y, { width });
  doc.font(REGULAR).fontSize(9);
  for (const line of lines.filter(Boolean)) doc.text(line, x, doc.y, { width });
  return doc.y;
}

export interface Row {
  cells: string[];
  /** Printed under the description, smaller: why the unit price is below the list price. */
  note?: string;
}

function rowOf(line: InvoiceLine): Row {
  return {
    cells: [line.sku, line.product, formatQuantity(line.quantity), formatMoney(line.unitPrice), formatMoney(line.lineTotal)],
    note: line.unitPrice < line.listPrice ? `Price break: list ${formatMoney(line.listPrice)}, you pay ${formatMoney(line.unitPrice)}` : undefined,
  };
}

const DESCRIPTION = 1;

function rowHeight(doc: Doc, row: Row): number {
  doc.font(REGULAR).fontSize(9);
  const heights = row.cells.map((text, i) => doc.heightOfString(text, { width: COLUMNS[i]!.width - 2 * CELL_PADDING }));
  if (row.note) {
    doc.fontSize(8);
    heights[DESCRIPTION]! += 2 + doc.heightOfString(row.note, { width: COLUMNS[DESCRIPTION].width - 2 * CELL_PADDING });
  }
  return Math.max(...heights) + 2 * CELL_PADDING;
}

function drawTableHeader(doc: Doc): void {
  const top = doc.y;
  const height = 20;
  doc.rect(LEFT, top, CONTENT_WIDTH, height).fill(BAND);
  doc.font(BOLD).fontSize(8.5).fillColor(INK);
  let x = LEFT;
  for (const column of COLUMNS) {
    doc.text(column.title, x + CELL_PADDING, top + 6, { width: column.width - 2 * CELL_PADDING, align: column.align, lineBreak: false });
    x += column.width;
  }
  doc.y = top + height;
}

function drawRow(doc: Doc, row: Row, height: number): void {
  const top = doc.y;
  let x = LEFT;
  doc.font(REGULAR).fontSize(9).fillColor(INK);
  row.cells.forEach((text, i) => {
    const column = COLUMNS[i]!;
    doc.text(text, x + CELL_PADDING, top + CELL_PADDING, { width: column.width - 2 * CELL_PADDING, align: column.align });
    if (i === DESCRIPTION && row.note) {
      doc.moveDown(0.15).fontSize(8).fillColor(PAID).text(row.note, { width: column.width - 2 * CELL_PADDING });
      doc.fontSize(9).fillColor(INK);
    }
    x += column.width;
  });
  rule(doc, top + height);
  doc.y = top + height;
}

export function rule(doc: Doc, y: number, color = RULE): void {
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(color).stroke();
}

/** What is left of the page above its bottom margin (the footer lives in the margin). */
export const roomLeft = (doc: Doc) => doc.page.height - doc.page.margins.bottom - doc.y;

/** The table of lines (part number, description, quantity, unit price, line total), over as many pages as it takes. */
export function drawRows(doc: Doc, rows: readonly Row[]): void {
  drawTableHeader(doc);
  for (const row of rows) {
    const height = rowHeight(doc, row);
    if (height > roomLeft(doc)) {
      doc.addPage();
      drawTableHeader(doc);
    }
    drawRow(doc, row, height);
  }
}

/** The totals block: labels from here (wide enough for a shipping method's name), amounts right-aligned. */
const TOTALS_LEFT = LEFT + CONTENT_WIDTH / 2 - 40;
const AMOUNT_WIDTH = 90;
const TOTALS_LABEL_WIDTH = RIGHT - AMOUNT_WIDTH - TOTALS_LEFT;
const CHARGE_ROW_HEIGHT = 15;
/** The total's row, the payment and the notes under it, at most. */
const TOTAL_BLOCK_HEIGHT = 150;

/** Subtotal, shipping, each tax line, the total; then why no tax was charged, and the payment. */
function drawTotal(doc: Doc, invoice: InvoiceFacts): void {
  const charges = invoice.charges ?? goodsOnly(invoice.total);
  const rows: [string, number][] = [
    [words.subtotal, charges.subtotal],
    [words.shipping(charges.shippingMethod), charges.shipping],
    ...charges.taxLines.map((line): [string, number] => [words.tax(line.name, formatRate(line.rate)), line.amount]),
  ];
  drawSums(doc, rows, 'Total (USD)', invoice.total);
  doc.y += 18;
  drawPayment(doc, invoice);
}

/** Amounts a line each (label, amount), a rule, and the total in bold; on a new page when they would not fit. */
export function drawSums(doc: Doc, rows: readonly [string, number][], totalLabel: string, total: number): void {
  if (rows.length * 2 * CHARGE_ROW_HEIGHT + TOTAL_BLOCK_HEIGHT > roomLeft(doc)) doc.addPage();
  doc.y += 10;
  for (const [label, amount] of rows) {
    const top = doc.y;
    doc.font(REGULAR).fontSize(9).fillColor(INK).text(label, TOTALS_LEFT, top, { width: TOTALS_LABEL_WIDTH });
    const below = doc.y;
    doc.text(formatMoney(amount), RIGHT - AMOUNT_WIDTH, top, { width: AMOUNT_WIDTH, align: 'right' });
    doc.y = Math.max(below, doc.y) + 4;
  }
  rule(doc, doc.y, RULE);
  const top = doc.y + 6;
  doc.font(BOLD).fontSize(11).fillColor(INK).text(totalLabel, TOTALS_LEFT, top, { width: TOTALS_LABEL_WIDTH });
  doc.text(formatMoney(total), RIGHT - AMOUNT_WIDTH, top, { width: AMOUNT_WIDTH, align: 'right' });
  rule(doc, doc.y + 4, INK);
}

/** Notes and the payment under the totals. */
function drawPayment(doc: Doc, invoice: InvoiceFacts): void {
  const notes = [invoice.reverseCharge ? words.reverseCharge : '', invoice.taxExemption ? words.taxExempt(invoice.taxExemption) : ''].filter(Boolean);
  for (const note of notes) doc.font(REGULAR).fontSize(9).fillColor(INK).text(note, LEFT, doc.y, { width: CONTENT_WIDTH });
  if (notes.length > 0) doc.moveDown(1);

  doc.font(BOLD).fontSize(12).fillColor(PAID).text('Paid', LEFT, doc.y);
  doc.font(REGULAR).fontSize(9).fillColor(INK).text(`Paid on ${formatInvoiceDate(invoice.issuedAt)}`);
  if (invoice.paymentReference) doc.text(`Payment reference: ${invoice.paymentReference}`);
  doc.moveDown(1).fillColor(MUTED).text('Thank you for your order.');
}

/** Each page's footer, in the bottom margin: `text(page, pages)`. */
export function drawFooters(doc: Doc, text: (page: number, pages: number) => string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the margin must not start a new page
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(MUTED)
      .text(text(i - start + 1, count), LEFT, doc.page.height - MARGIN + 20, {
        width: CONTENT_WIDTH,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottomMargin;
  }
}
