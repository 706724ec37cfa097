/**
 * The e-mails the shop sends, as plain text and simple HTML. A message is stored in the outbox as its
 * facts; it is rendered here when sent, with the shop's name and the address buyers use (PUBLIC_URL).
 */
import { formatDate, formatMoney, formatOrderNumber, formatQuantity, formatRate } from '../../shared/format.js';
import { checkoutMessages, refundMessages } from '../../shared/messages.js';
import { coreDepositRows } from '../../shared/checkout.js';
import { inboxCopy, inboxMessagePath } from '../../shared/back-office-copy.js';
import { companyMessages } from '../../shared/companies-copy.js';
import { RETURN_REASON_IN_WORDS, type ReturnReason } from '../../shared/returns.js';
import { companyOrderMessages } from '../../shared/company-orders-copy.js';
import { type Charges, type CreditNoteFacts, goodsOnly, type InvoiceFacts } from '../invoices/service.js';

export interface ShopIdentity {
  name: string;
  /** Where links point, without a trailing slash. */
  publicUrl: string;
  /** Printed on invoices; may span lines. */
  address: string;
  /** Printed on invoices when not empty. */
  email: string;
  /** The shop's VAT ID, printed on invoices when not empty. */
  vatId?: string;
}

export interface OrderFacts {
  orderId: string;
  customerName: string;
  product: string;
  quantity: number;
  /** Dollars. */
  unitPrice: number;
  /** What is charged: the goods (`charges.subtotal`), core deposits, shipping and tax. */
  total: number;
  /** Absent on mail written before orders charged shipping and tax: goods only. */
  charges?: Charges;
  address: string;
  transactionId: string | null;
  /** On the paid mail of an invoiced order: its PDF is rendered and attached when the mail is sent. */
  invoice?: InvoiceFacts;
  /** An order of several lines: each of them (a one-line order's facts are the fields above). */
  lines?: { sku: string; product: string; quantity: number; unitPrice: number; lineTotal: number }[];
}

/** One parcel of an order, on its shipped e-mail (one e-mail per parcel). */
export interface ShipmentMailFacts {
  /** SHP-000001 */
  number: string;
  carrier: string;
  /** Empty when it has none. */
  trackingNumber: string;
  trackingUrl: string | null;
  lines: { sku: string; product: string; quantity: number }[];
  /** Units of the order still to ship after this parcel. */
  leftToShip: number;
}

/** A return (RMA) of an order, on the buyer's e-mails when the staff approve or reject it. */
export interface ReturnMailFacts {
  /** RMA-000042 */
  returnNumber: string;
  orderId: string;
  customerName: string;
  lines: { sku: string; product: string; quantity: number; reason: ReturnReason }[];
  /** Why it was rejected (on the rejected e-mail). */
  rejectReason: string | null;
}

interface AccountFacts {
  name: string;
  /** The single-use token the link carries. */
  token: string;
}

export type OrderMailKind = 'order-placed' | 'order-paid' | 'order-shipped' | 'order-cancelled' | 'order-expired';

/** 'order-shipped' tells one parcel (`shipment`); mail written before parcels were recorded has none: the whole order shipped. */
type ShippedFacts = OrderFacts & { shipment?: ShipmentMailFacts };

/** An admin's answer to a message sent through the contact form. */
interface ContactReplyFacts {
  reply: string;
  /** The sender's message, quoted under the answer, and when it was sent (ISO-8601). */
  original: string;
  sentAt: string;
}

/** A message sent through the contact form, told to the staff (STAFF_EMAIL or every admin). */
interface ContactReceivedFacts {
  messageId: string;
  /** The sender's address, as they typed it. */
  from: string;
  message: string;
  /** ISO-8601. */
  sentAt: string;
}

/** The admins' morning list of parts to reorder (at most a page of them; `more`: others are low too). */
export interface LowStockDigestFacts {
  items: { sku: string; name: string; stock: number; threshold: number }[];
  more: boolean;
}

/** A part a buyer asked to be told about can be ordered again. */
export interface BackInStockFacts {
  customerName: string;
  productName: string;
  sku: string;
}

/** Money given back to a buyer: the credit note's PDF is rendered and attached when the mail is sent. */
export interface RefundFacts {
  orderId: string;
  customerName: string;
  /** Dollars. */
  amount: number;
  creditNote: CreditNoteFacts;
  /** The refund is of a paid order the shop cancelled (not of a return). */
  cancelled: boolean;
}

/** Staff decided on a trade account application (issue 63): told to its applicant. */
export interface CompanyDecisionFacts {
  companyName: string;
  applicantName: string;
  /** Why it was declined (on the declined e-mail). */
  reason: string | null;
}

/** An invitation to buy for a company: the link's single-use token and what the invitee will be. */
export interface CompanyInvitationFacts {
  companyName: string;
  invitedBy: string;
  role: 'admin' | 'buyer';
  /** Dollars per order; null: no limit. */
  spendingLimit: number | null;
  token: string;
}

/** A company order over its buyer's spending limit, told to one of the company's admins (not its buyer). */
export interface AwaitingApprovalFacts extends OrderFacts {
  adminName: string;
  buyerName: string;
  buyerEmail: string;
  companyName: string;
  /** Dollars: the buyer's limit per order. */
  spendingLimit: number;
}

/** A company's admin declined its buyer's order: why, as the buyer sees it. */
export interface DeclinedFacts extends OrderFacts {
  reason: string;
}

type MailData = {
  'company-approved': CompanyDecisionFacts;
  'company-declined': CompanyDecisionFacts;
  'company-invitation': CompanyInvitationFacts;
  'order-awaiting-approval': AwaitingApprovalFacts;
  'order-approved': OrderFacts;
  'order-declined': DeclinedFacts;
  'back-in-stock': BackInStockFacts;
  'order-refunded': RefundFacts;
  'verify-email': AccountFacts;
  'reset-password': AccountFacts;
  'contact-reply': ContactReplyFacts;
  'contact-received': ContactReceivedFacts;
  'low-stock-digest': LowStockDigestFacts;
  'return-approved': ReturnMailFacts;
  'return-rejected': ReturnMailFacts;
} & Record<Exclude<OrderMailKind, 'order-shipped'>, OrderFacts> & { 'order-shipped': ShippedFacts };
export type MailKind = keyof MailData;

/** One e-mail: what kind, to whom, and the facts it tells. */
export type Mail = { [K in MailKind]: { kind: K; to: string; data: MailData[K] } }[MailKind];

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Paragraphs and at most one button link, as text and as HTML. */
function compose(shop: ShopIdentity, subject: string, greeting: string, paragraphs: string[], link?: { label: string; url: string }): RenderedMail {
  const signature = `— ${shop.name}`;
  const text = [greeting, ...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), signature].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`),
    link
      ? `<p><a href="${escapeHtml(link.url)}" style="background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
      : '',
    `<p>${escapeHtml(signature)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: `${subject} – ${shop.name}`, text, html };
}

const chargesOf = (o: OrderFacts) => o.charges ?? goodsOnly(o.total);
/** The goods of an order in a sentence; their amount is the subtotal. */
const orderLine = (o: OrderFacts) => {
  const goods = formatMoney(chargesOf(o).subtotal);
  return o.lines && o.lines.length > 1
    ? `${o.lines.length} parts, ${formatQuantity(o.quantity)} units in all: ${goods}`
    : `${formatQuantity(o.quantity)} units of ${o.product} at ${formatMoney(o.unitPrice)} per unit: ${goods}`;
};
/** Subtotal, each core deposit, shipping, each tax line and the total, a line each: the figures the invoice has. */
const chargeList = (o: OrderFacts) => {
  const words = checkoutMessages.charges;
  const charges = chargesOf(o);
  return [
    `${words.subtotal}: ${formatMoney(charges.subtotal)}`,
    ...coreDepositRows(charges.coreDeposits ?? []).map((row) => `${row.label}: ${formatMoney(row.amount)}`),
    `${words.shipping(charges.shippingMethod)}: ${formatMoney(charges.shipping)}`,
    ...charges.taxLines.map((line) => `${words.tax(line.name, formatRate(line.rate))}: ${formatMoney(line.amount)}`),
    `${words.total}: ${formatMoney(o.total)}`,
  ].join('\n');
};
/** A paragraph per line of an order of several lines; none for a one-line order. */
const lineList = (o: OrderFacts) =>
  o.lines && o.lines.length > 1
    ? o.lines.map((l) => `${formatQuantity(l.quantity)} × ${l.sku} ${l.product} at ${formatMoney(l.unitPrice)} per unit: ${formatMoney(l.lineTotal)}`)
    : [];
const myOrders = (shop: ShopIdentity) => ({ label: 'See your orders', url: `${shop.publicUrl}/dashboard/myOrders` });

/** Text in paragraphs at its blank lines (the HTML part shows each as a paragraph). */
const paragraphsOf = (text: string) => text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
const quoted = (text: string) => text.split('\n').map((line) => `> ${line}`).join('\n');

const units = (n: number) => `${formatQuantity(n)} ${n === 1 ? 'unit' : 'units'}`;

/** One parcel: what is in it, with whom it travels and its tracking link, and what is still to come. */
function parcelMail(o: OrderFacts, parcel: ShipmentMailFacts, shop: ShopIdentity): RenderedMail {
  const inParcel = parcel.lines.reduce((sum, line) => sum + line.quantity, 0);
  const whole = parcel.leftToShip === 0 && inParcel === o.quantity;
  const subject = parcel.leftToShip === 0 ? `Order ${formatOrderNumber(o.orderId)} is shipped` : `Part of order ${formatOrderNumber(o.orderId)} is shipped`;
  return compose(shop, subject, `Hello ${o.customerName},`, [
    whole
      ? `Your order of ${formatQuantity(o.quantity)} units of ${o.product} is shipped to ${o.customerName}, ${o.address}.`
      : `${units(inParcel)} of your order ${formatOrderNumber(o.orderId)} ${inParcel === 1 ? 'is' : 'are'} shipped to ${o.customerName}, ${o.address}.`,
    `Shipment ${parcel.number}:\n${parcel.lines.map((line) => `${formatQuantity(line.quantity)} × ${line.sku} ${line.product}`).join('\n')}`,
    parcel.trackingNumber ? `Carrier: ${parcel.carrier}, tracking number ${parcel.trackingNumber}` : `Carrier: ${parcel.carrier}`,
    ...(parcel.trackingUrl ? [`Track it: ${parcel.trackingUrl}`] : []),
    parcel.leftToShip === 0 ? 'This completes your order.' : `${units(parcel.leftToShip)} still to ship: you get an e-mail like this for each parcel.`,
  ], parcel.trackingUrl ? { label: 'Track your parcel', url: parcel.trackingUrl } : myOrders(shop));
}

/** A return's parts, a line each, with why they come back. */
const returnLines = (r: ReturnMailFacts) =>
  r.lines.map((line) => `${formatQuantity(line.quantity)} × ${line.sku} ${line.product} (${RETURN_REASON_IN_WORDS[line.reason]})`).join('\n');

const companyMail = companyMessages.mail;
const myCompany = (shop: ShopIdentity) => ({ label: companyMail.openAccount, url: `${shop.publicUrl}/dashboard/company` });

const approvalWords = companyOrderMessages.mail;

const RENDER: { [K in MailKind]: (data: MailData[K], shop: ShopIdentity) => RenderedMail } = {
  'company-approved': (d, shop) => compose(shop, companyMail.approvedSubject(d.companyName), `Hello ${d.applicantName},`, [companyMail.approved(d.companyName)], myCompany(shop)),
  'company-declined': (d, shop) =>
    compose(shop, companyMail.declinedSubject(d.companyName), `Hello ${d.applicantName},`, [
      companyMail.declined(d.companyName),
      companyMail.reason(d.reason ?? ''),
      companyMail.applyAgain,
    ]),
  'company-invitation': (d, shop) =>
    compose(shop, companyMail.invitationSubject(d.companyName), 'Hello,', [
      companyMail.invited(d.invitedBy, d.companyName, d.role),
      ...(d.spendingLimit === null ? [] : [companyMail.limit(formatMoney(d.spendingLimit))]),
      companyMail.invitationExpires,
    ], { label: companyMail.join, url: `${shop.publicUrl}/company/join?token=${encodeURIComponent(d.token)}` }),
  'order-awaiting-approval': (o, shop) =>
    compose(shop, approvalWords.awaitingSubject(formatOrderNumber(o.orderId)), approvalWords.awaitingGreeting(o.adminName), [
      approvalWords.awaitingIntro(o.buyerName, o.buyerEmail, formatOrderNumber(o.orderId), o.companyName),
      `${orderLine(o)}.`,
      ...lineList(o),
      chargeList(o),
      approvalWords.awaitingLimit(formatMoney(o.total), formatMoney(o.spendingLimit)),
      approvalWords.awaitingHold,
    ], { label: approvalWords.awaitingLink, url: `${shop.publicUrl}/dashboard/company/orders` }),
  'order-approved': (o, shop) =>
    compose(shop, approvalWords.approvedSubject(formatOrderNumber(o.orderId)), `Hello ${o.customerName},`, [
      approvalWords.approvedIntro(formatOrderNumber(o.orderId)),
      `${orderLine(o)}.`,
      chargeList(o),
      approvalWords.approvedHold,
    ], { label: approvalWords.payLink, url: `${shop.publicUrl}/dashboard/payment/${o.orderId}` }),
  'order-declined': (o, shop) =>
    compose(shop, approvalWords.declinedSubject(formatOrderNumber(o.orderId)), `Hello ${o.customerName},`, [
      approvalWords.declinedIntro(formatOrderNumber(o.orderId)),
      approvalWords.declinedReason(o.reason),
    ], myOrders(shop)),
  'verify-email': (d, shop) =>
    compose(shop, 'Please confirm your e-mail address', `Hello ${d.name},`, [
      `Thank you for registering at ${shop.name}. Please confirm that this e-mail address is yours.`,
      'The link works once and for 48 hours. If you did not register, you can ignore this e-mail.',
    ], { label: 'Confirm my e-mail address', url: `${shop.publicUrl}/verify-email#token=${encodeURIComponent(d.token)}` }),
  'reset-password': (d, shop) =>
    compose(shop, 'Reset your password', `Hello ${d.name},`, [
      'Somebody (hopefully you) asked to reset the password of your account.',
      'The link works once and for 1 hour. Setting a new password signs your account out everywhere. If you did not ask, you can ignore this e-mail: your password stays as it is.',
    ], { label: 'Choose a new password', url: `${shop.publicUrl}/reset-password#token=${encodeURIComponent(d.token)}` }),
  'contact-reply': (d, shop) =>
    compose(shop, 'Re: your message', 'Hello,', [
      ...paragraphsOf(d.reply),
      `On ${formatDate(d.sentAt, 'UTC')} you wrote:`,
      quoted(d.original),
    ]),
  'contact-received': (d, shop) =>
    compose(shop, inboxCopy.mail.subject(d.from), 'Hello,', [
      inboxCopy.mail.wrote(d.from, formatDate(d.sentAt, 'UTC')),
      quoted(d.message),
      inboxCopy.mail.howToAnswer,
    ], { label: inboxCopy.mail.open, url: `${shop.publicUrl}${inboxMessagePath(d.messageId)}` }),
  'back-in-stock': (d, shop) =>
    compose(shop, `${d.productName} is back in stock`, `Hello ${d.customerName},`, [
      `${d.productName} (${d.sku}) can be ordered again. You asked us to tell you; this is the only e-mail about it.`,
    ], { label: 'See the part', url: `${shop.publicUrl}/parts/${encodeURIComponent(d.sku)}` }),
  'low-stock-digest': (d, shop) =>
    compose(shop, 'Parts running low', 'Hello,', [
      `${d.items.length === 1 ? '1 part is' : `${d.items.length} parts are`} at or below the reorder threshold:`,
      ...d.items.map((item) => `${item.sku} ${item.name}: ${formatQuantity(item.stock)} in stock (reorder at ${formatQuantity(item.threshold)})`),
      ...(d.more ? ['More parts are low than this e-mail lists.'] : []),
    ], { label: 'See the low-stock list', url: `${shop.publicUrl}/dashboard/low-stock` }),
  'return-approved': (r, shop) =>
    compose(shop, `Return ${r.returnNumber} is approved`, `Hello ${r.customerName},`, [
      `Your return ${r.returnNumber} of order ${formatOrderNumber(r.orderId)} is approved:`,
      returnLines(r),
      `Please send the parts, with the return number ${r.returnNumber} on the parcel, to:\n${shop.address}`,
      'Once they arrive we refund them and send you the credit note.',
    ], myOrders(shop)),
  'return-rejected': (r, shop) =>
    compose(shop, `Return ${r.returnNumber} is not accepted`, `Hello ${r.customerName},`, [
      `We cannot accept your return ${r.returnNumber} of order ${formatOrderNumber(r.orderId)}:`,
      returnLines(r),
      `Why: ${r.rejectReason ?? ''}`,
      'Please keep the parts. If you have questions, just answer this e-mail.',
    ], myOrders(shop)),
  'order-placed': (o, shop) =>
    compose(shop, `Your order ${o.orderId} is placed`, `Hello ${o.customerName},`, [
      `Your order is placed successfully: ${orderLine(o)}.`,
      ...lineList(o),
      chargeList(o),
      `Delivery to: ${o.address}. The parts are held for you until the order is paid.`,
    ], { label: 'Pay for your order', url: `${shop.publicUrl}/dashboard/payment/${o.orderId}` }),
  'order-paid': (o, shop) =>
    compose(shop, `Payment received for order ${o.orderId}`, `Hello ${o.customerName},`, [
      `Congrats! Your payment is completed. You Paid: ${formatMoney(o.total)} for ${orderLine(o)}.`,
      ...lineList(o),
      chargeList(o),
      `Your Transaction ID: ${o.transactionId ?? ''}`,
      ...(o.invoice ? [`Your invoice ${o.invoice.invoiceNumber} is attached.`] : []),
      `We will ship to: ${o.address}.`,
    ], myOrders(shop)),
  'order-shipped': (o, shop) =>
    o.shipment
      ? parcelMail(o, o.shipment, shop)
      : compose(shop, `Order ${formatOrderNumber(o.orderId)} is shipped`, `Hello ${o.customerName},`, [
          `Your order of ${formatQuantity(o.quantity)} units of ${o.product} is shipped to ${o.customerName}, ${o.address}.`,
          chargeList(o),
        ], myOrders(shop)),
  'order-cancelled': (o, shop) =>
    compose(shop, `Order ${formatOrderNumber(o.orderId)} is cancelled`, `Hello ${o.customerName},`, [
      `Your Order of ${formatQuantity(o.quantity)} units of ${o.product} is cancelled. Nothing was charged for it.`,
    ], myOrders(shop)),
  'order-refunded': (r, shop) => {
    const order = formatOrderNumber(r.orderId);
    const amount = formatMoney(r.amount);
    return compose(shop, refundMessages.mailSubject(amount, order), `Hello ${r.customerName},`, [
      ...(r.cancelled ? [refundMessages.mailCancelled(order)] : []),
      refundMessages.mailRefunded(amount, order),
      refundMessages.mailCreditNote(r.creditNote.creditNoteNumber),
    ], myOrders(shop));
  },
  'order-expired': (o, shop) =>
    compose(shop, `Order ${formatOrderNumber(o.orderId)} expired unpaid`, `Hello ${o.customerName},`, [
      `Your order of ${formatQuantity(o.quantity)} units of ${o.product} was not paid in time, so it is cancelled and the parts are back in stock.`,
      'You are welcome to order again.',
    ], { label: 'Browse the products', url: `${shop.publicUrl}/allProducts` }),
};

export function renderMail(mail: Mail, shop: ShopIdentity): RenderedMail {
  return (RENDER[mail.kind] as (data: Mail['data'], shop: ShopIdentity) => RenderedMail)(mail.data, shop);
}
