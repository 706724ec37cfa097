/**
 * The one way the shop writes money, quantities and dates for people: on screen, in e-mails and on invoices.
 * Fixed locale and currency, so a buyer reads the same "$12,250.00", "1,250" and "Dec 1, 2026" everywhere,
 * whatever their browser's language. The original storefront's own strings keep their form through
 * `legacyDollars` (docs/legacy-contract.md#strings).
 */
export const SHOP_LOCALE = 'en-US';
/** The currency of every price, order and payment (ISO 4217). */
export const SHOP_CURRENCY = 'USD';

// Built on first use, not at import: making a formatter loads the engine's locale data, which the first
// screen of most pages does not need.
function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const money = lazy(() => new Intl.NumberFormat(SHOP_LOCALE, { style: 'currency', currency: SHOP_CURRENCY }));
const amount = lazy(() => new Intl.NumberFormat(SHOP_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const count = lazy(() => new Intl.NumberFormat(SHOP_LOCALE, { maximumFractionDigits: 0 }));
const percent = lazy(() => new Intl.NumberFormat(SHOP_LOCALE, { maximumFractionDigits: 3 }));
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(kind: 'date' | 'dateTime' | 'time', timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone ?? ''}`;
  let format = dateFormats.get(key);
  if (!format) {
    const style: Intl.DateTimeFormatOptions =
      kind === 'date' ? { dateStyle: 'medium' } : kind === 'time' ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' };
    format = new Intl.DateTimeFormat(SHOP_LOCALE, { ...style, timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

/** Dollars with the sign and always the cents: 12250 -> "$12,250.00", -5 -> "-$5.00". */
export function formatMoney(dollars: number): string {
  return money().format(dollars);
}

/** The amount without the sign, for texts that write the "$" themselves: 12250 -> "12,250.00". */
export function formatDollars(dollars: number): string {
  return amount().format(dollars);
}

/**
 * The original storefront's form, only inside its own strings ('Price: $94 (per unit)', 'Please pay: $94'):
 * whole dollars without cents, other amounts with them (24.5 -> "24.50").
 */
export function legacyDollars(dollars: number): string {
  return (Number.isInteger(dollars) ? count() : amount()).format(dollars);
}

/** A count of units, parts or orders, grouped: 1250 -> "1,250". */
export function formatQuantity(quantity: number): string {
  return count().format(quantity);
}

/** A tax rate in percent, with the decimals it has (rates have at most three): 6 -> "6%", 6.25 -> "6.25%". */
export function formatRate(rate: number): string {
  return `${percent().format(rate)}%`;
}

/** An instant (ISO text or Date) as its day: "Dec 1, 2026"; in `timeZone`, or the reader's own when not given. */
export function formatDate(at: string | number | Date, timeZone?: string): string {
  return dateFormat('date', timeZone).format(new Date(at));
}

/** An instant as day and time: "Dec 1, 2026, 2:30 PM". */
export function formatDateTime(at: string | number | Date, timeZone?: string): string {
  return dateFormat('dateTime', timeZone).format(new Date(at));
}

/** An instant as its time of day: "2:30 PM". */
export function formatTime(at: string | number | Date, timeZone?: string): string {
  return dateFormat('time', timeZone).format(new Date(at));
}

/** A calendar date as the wire writes it (`2026-12-01`, a day with no zone) as people read it: "Dec 1, 2026". */
export function formatCalendarDate(date: string): string {
  return formatDate(`${date}T00:00:00Z`, 'UTC');
}

/**
 * The order number people read and say (ORD-000042): the order's id, given when it is placed, only ever
 * growing and never reused, so it is stable and sorts like the orders. Not gapless (an order whose placing
 * failed leaves its id unused): the gapless number is the invoice's.
 */
export function formatOrderNumber(orderId: number | string): string {
  return `ORD-${String(orderId).padStart(6, '0')}`;
}

/** An invoice's number, from its own gapless sequence (taken when the order is paid): INV-000042. */
export function formatInvoiceNumber(invoiceNumber: number): string {
  return `INV-${String(invoiceNumber).padStart(6, '0')}`;
}

/** A shipment's number, from its own gapless sequence: SHP-000001. */
export function formatShipmentNumber(number: number): string {
  return `SHP-${String(number).padStart(6, '0')}`;
}

/** A refund's credit note number, from its own gapless sequence: CN-000001. */
export function formatCreditNoteNumber(number: number): string {
  return `CN-${String(number).padStart(6, '0')}`;
}

/** A return's number, from its id (as an order's): RMA-000042. */
export function formatReturnNumber(returnId: number): string {
  return `RMA-${String(returnId).padStart(6, '0')}`;
}

/** The order an order number names, as people type it ("ORD-000042", "ord42", "42"); undefined when it names none. */
export function orderIdOfNumber(text: string): number | undefined {
  const match = /^(?:ORD-?)?(\d{1,9})$/i.exec(text.trim());
  return match ? Number(match[1]) : undefined;
}
