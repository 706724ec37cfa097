/**
 * The back office's screen text (issue 62). Apart from messages.ts so that the home page's entry chunk does
 * not carry it (only the staff pages load it); each part of the back office has a section of its own.
 */
import type { StockMovementReason } from './back-office.js';
import { formatOrderNumber, formatQuantity } from './format.js';

/** A part's History: its stock ledger, and its price changes below. */
export const stockLedgerCopy = {
  stockHeading: 'Stock',
  priceHeading: 'Price',
  listLabel: (part: string) => `Stock movements of ${part}`,
  priceListLabel: (part: string) => `Price changes of ${part}`,
  empty: 'No stock movements are recorded for this part yet.',
  priceEmpty: 'No price changes are recorded for this part yet.',
  priceChange: (from: string, to: string) => `Price: ${from} → ${to}`,
  priceLoading: 'the price changes',
  reasons: {
    order: 'Order placed',
    cancel: 'Order cancelled',
    expiry: 'Order expired',
    restock: 'Restocked',
    edit: 'Edited',
    import: 'Imported',
    return: 'Returned',
    shipment: 'Shipped',
  } satisfies Record<StockMovementReason, string>,
  /** "+5" or "−2" (a true minus sign): units in or out. */
  change: (units: number) => (units > 0 ? `+${formatQuantity(units)}` : `−${formatQuantity(-units)}`),
  stockAfter: (units: number) => `${formatQuantity(units)} in stock`,
  order: formatOrderNumber,
  /** Who moved it when no one did by hand: an expiry, the opening stock. */
  byShop: 'the shop',
  loading: 'the stock movements',
  loadMore: 'Load more',
  exportCsv: 'Export CSV',
  exportFile: (sku: string) => `stock-${sku}.csv`,
} as const;
