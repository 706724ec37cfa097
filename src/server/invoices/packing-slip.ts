/**
 * A shipment's packing slip as a PDF, to go in the parcel: the shop, the shipment's and its order's numbers
 * (and the buyer's PO number), where it goes, and each part with its units. No prices: whoever unpacks
 * it (a workshop's stores, a receiving dock) checks the parts, not the money. The invoice's page, fonts
 * and characters (pdf.ts).
 */
import { formatOrderNumber, formatQuantity } from '../../shared/format.js';
import {
  addressBlock,
  BAND,
  BOLD,
  CONTENT_WIDTH,
  type Doc,
  drawable,
  drawFooters,
  formatInvoiceDate,
  INK,
  LEFT,
  linesOf,
  newDocument,
  MUTED,
  REGULAR,
  RIGHT,
  roomLeft,
  rule,
  type ShopDetails,
} from './pdf.js';

export interface PackingSlipFacts {
  /** SHP-000001 */
  shipmentNumber: string;
  /** ISO: when it left. */
  shippedAt: string;
  orderId: string;
  /** ISO */
  orderedAt: string;
  /** Empty when the buyer gave none. */
  poNumber: string;
  carrier: string;
  /** Empty when it has none. */
  trackingNumber: string;
  /** Where it goes, a line each (the receiver first). */
  shipTo: string[];
  lines: { sku: string; product: string; quantity: number }[];
}

const CELL_PADDING = 5;
const COLUMNS = [
  { title: 'Part number', width: 120, align: 'left' },
  { title: 'Description', width: 304, align: 'left' },
  { title: 'Quantity', width: CONTENT_WIDTH - 424, align: 'right' },
] as const;
const FACTS_WIDTH = 244;
const FACTS_LEFT = RIGHT - FACTS_WIDTH;
const FACT_LABEL_WIDTH = 96;

export async function renderPackingSlipPdf(facts: PackingSlipFacts, shopDetails: ShopDetails): Promise<Buffer> {
  const slip = drawable(facts);
  const shop = drawable(shopDetails);
  const { doc, pdf } = await newDocument({ Title: `Packing slip ${slip.shipmentNumber}`, Author: shop.name, Subject: `Order ${formatOrderNumber(slip.orderId)}` });
  drawHeader(doc, slip, shop);
  const [receiver, ...rest] = slip.shipTo;
  if (receiver !== undefined) doc.y = addressBlock(doc, 'SHIP TO', LEFT, doc.y, CONTENT_WIDTH / 2, receiver, rest);
  doc.x = LEFT;
  doc.moveDown(1.5);
  drawLines(doc, slip.lines);
  const units = slip.lines.reduce((sum, line) => sum + line.quantity, 0);
  doc.moveDown(1).font(BOLD).fontSize(10).fillColor(INK).text(`${formatQuantity(units)} ${units === 1 ? 'unit' : 'units'} in this parcel`, LEFT, doc.y, { width: CONTENT_WIDTH, align: 'right' });
  drawFooters(doc, (page, pages) => `${shop.name} · Packing slip ${slip.shipmentNumber} · Page ${page} of ${pages}`);
  doc.end();
  return pdf;
}

function drawHeader(doc: Doc, slip: PackingSlipFacts, shop: ShopDetails): void {
  const top = doc.y;
  const shopWidth = FACTS_LEFT - LEFT - 16;
  doc.font(BOLD).fontSize(16).fillColor(INK).text(shop.name, LEFT, top, { width: shopWidth });
  doc.moveDown(0.2).font(REGULAR).fontSize(9).fillColor(MUTED);
  for (const line of [...linesOf(shop.address), shop.email, shop.publicUrl].filter(Boolean)) doc.text(line, { width: shopWidth });
  const shopBottom = doc.y;

  doc.font(BOLD).fontSize(22).fillColor(INK).text('Packing slip', FACTS_LEFT, top, { width: FACTS_WIDTH, align: 'right' });
  doc.moveDown(0.3);
  const facts: [string, string][] = [
    ['Shipment number', slip.shipmentNumber],
    ['Shipped', formatInvoiceDate(slip.shippedAt)],
    ['Order number', formatOrderNumber(slip.orderId)],
    ['Order date', formatInvoiceDate(slip.orderedAt)],
  ];
  if (slip.poNumber.trim()) facts.push(['PO number', slip.poNumber.trim()]);
  facts.push(['Carrier', slip.carrier]);
  if (slip.trackingNumber) facts.push(['Tracking number', slip.trackingNumber]);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font(REGULAR).fontSize(9).fillColor(MUTED).text(label, FACTS_LEFT, y, { width: FACT_LABEL_WIDTH });
    doc.font(BOLD).fillColor(INK).text(value, FACTS_LEFT + FACT_LABEL_WIDTH, y, { width: FACTS_WIDTH - FACT_LABEL_WIDTH, align: 'right' });
  }
  doc.y = Math.max(shopBottom, doc.y) + 24;
}

function drawTableHeader(doc: Doc): void {
  const top = doc.y;
  doc.rect(LEFT, top, CONTENT_WIDTH, 20).fill(BAND);
  doc.font(BOLD).fontSize(8.5).fillColor(INK);
  let x = LEFT;
  for (const column of COLUMNS) {
    doc.text(column.title, x + CELL_PADDING, top + 6, { width: column.width - 2 * CELL_PADDING, align: column.align, lineBreak: false });
    x += column.width;
  }
  doc.y = top + 20;
}

/** One row a part; a long list flows onto further pages, each repeating the table's header. */
function drawLines(doc: Doc, lines: PackingSlipFacts['lines']): void {
  drawTableHeader(doc);
  for (const line of lines) {
    const cells = [line.sku, line.product, formatQuantity(line.quantity)];
    doc.font(REGULAR).fontSize(9);
    const height = Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: COLUMNS[i]!.width - 2 * CELL_PADDING }))) + 2 * CELL_PADDING;
    if (height > roomLeft(doc)) {
      doc.addPage();
      drawTableHeader(doc);
    }
    const top = doc.y;
    let x = LEFT;
    doc.font(REGULAR).fontSize(9).fillColor(INK);
    cells.forEach((text, i) => {
      doc.text(text, x + CELL_PADDING, top + CELL_PADDING, { width: COLUMNS[i]!.width - 2 * CELL_PADDING, align: COLUMNS[i]!.align });
      x += COLUMNS[i]!.width;
    });
    rule(doc, top + height);
    doc.y = top + height;
  }
}
