/**
 * UI-only text of the back office (issue 62), kept out of messages.ts: the home page's JavaScript chunk is
 * at its size budget, and these pages load on their own. Each page's section is its own export.
 */
import type { LeftToDo } from './left-to-do.js';
import { FITMENT_IMPORT_KINDS } from './schemas.js';
import type { StockMovementReason } from './back-office.js';
import { formatOrderNumber, formatQuantity } from './format.js';
import type { ReviewStatus } from './review-status.js';
import type { ReviewFlag } from './review-flags.js';

const parts = (count: number) => `${count} ${count === 1 ? 'part' : 'parts'}`;

/** The product form's fitment and numbers, adding a part, and the fitment files of Import / Export. */
export const productFormCopy = {
  chooseCategory: 'Choose a category',
  imageOptionalHint: "An image link (https://…) or a path like /images/products/tire.svg. Left empty, the shop's own placeholder picture shows.",
  outOfStockHint: '0: the part is listed as out of stock and cannot be ordered until it is restocked.',
  viewPart: 'View part',
  addedNotice: (product: string) => `${product} is in the shop.`,
  fitment: {
    legend: 'Vehicle fitment',
    hint: 'The vehicles this part fits, chosen from the vehicle base: a year range of a make and model, and only one trim or engine when it fits no other. Leave Trim and Engine empty for all.',
    none: 'No vehicles yet: buyers who filter by their vehicle will not find this part.',
    add: 'Add a vehicle',
    remove: (row: number) => `Remove vehicle ${row}`,
    labels: { yearFrom: 'Year From', yearTo: 'Year To', make: 'Make', model: 'Model', submodel: 'Trim', engine: 'Engine', qualifier: 'Qualifier', position: 'Position' },
    anyPosition: 'Any',
    qualifierHint: 'What the buyer must check, e.g. with halogen headlights',
    /** Screen readers hear which row an input belongs to. */
    ofRow: (row: number) => ` of vehicle ${row}`,
    loading: "Loading the part's vehicle fitment",
    notLoaded: "This part's vehicle fitment could not be loaded, so it is left as it is. Reload the page to edit it.",
  },
  numbers: {
    legend: 'Part numbers',
    hint: "Numbers that lead buyers to this part: the car maker's (OE), other brands' (interchange), and our own old numbers (superseded).",
    add: 'Add a number',
    remove: (row: number) => `Remove number ${row}`,
    labels: { type: 'Type', brand: 'Brand', number: 'Number' },
    brandHint: 'e.g. Toyota, Bosch',
    ofRow: (row: number) => ` of number ${row}`,
  },
  files: {
    title: 'Fitment and part numbers (CSV)',
    help: "A part's vehicle applications and its OE, interchange and superseded numbers, one row each. Each part a file names ends up with exactly the file's rows; parts it does not name keep theirs. The file is checked first; nothing is written until you apply it.",
    kinds: {
      applications: { title: 'Vehicle fitment', file: 'partsmith-fitment.csv', columns: 'sku, year_from, year_to, make, model, submodel, engine, qualifier, position, qty, part_type' },
      numbers: { title: 'Part numbers', file: 'partsmith-numbers.csv', columns: 'sku, type (oe, interchange or superseded), brand, number' },
    } satisfies Record<(typeof FITMENT_IMPORT_KINDS)[number], { title: string; file: string; columns: string }>,
    exportLabel: (title: string) => `Export ${title} CSV`,
    fileLabel: (title: string) => `${title} CSV file to import`,
    columns: (columns: string) => `Columns: ${columns}`,
    apply: (title: string) => `Apply ${title} import`,
    checking: 'Checking the file…',
    importing: 'Importing…',
    imported: (title: string, created: number, updated: number) => `${title} imported: ${parts(created)} got their first rows, ${parts(updated)} changed.`,
  },
};

/** Manage Products' and Manage All Orders' tables: the row's actions menu, the filters toggle, the counts and columns. */
export const tablesCopy = {
  actions: 'Actions',
  /** The menu button's name, which says whose actions it opens. */
  actionsOf: (what: string) => `Actions for ${what}`,
  filters: 'Filters',
  /** The status filter's choice of every paid order with units left to ship. */
  toShip: 'To ship (pending or partially shipped)',
  ordersCount: (count: number) => `${formatQuantity(count)} ${count === 1 ? 'order' : 'orders'}`,
  leftToDo: (todo: LeftToDo): string => {
    switch (todo.kind) {
      case 'payment':
        return 'Awaiting payment';
      case 'ship':
        return `Ship ${formatQuantity(todo.left)} of ${formatQuantity(todo.of)} ${todo.of === 1 ? 'unit' : 'units'}`;
      case 'nothing':
        return 'Nothing';
    }
  },
  orderColumns: ['Order', 'Placed', 'Customer', 'Ship to', 'Total ($)', 'Status', 'To do', 'Action'],
  productColumns: ['Image', 'Part Number', 'Name', 'Category', 'Price ($)', 'Stock (units)', 'Status', 'Action'],
} as const;

// ---- The staff home and the dashboard menu -------------------------------------

/** The staff home (/dashboard for an admin): what needs doing, each count a link to its list. */
export const staffHomeCopy = {
  title: 'Staff home',
  intro: 'What needs doing: each count opens its list.',
  loading: 'what needs doing',
  tiles: {
    ordersToShip: 'Orders to ship',
    unreadMessages: 'Unread messages',
    lowStock: 'Low-stock parts',
    returnsToHandle: 'Returns to handle',
    reviewsToApprove: 'Reviews awaiting approval',
    companiesToApprove: 'Trade applications',
    salesToday: "Today's sales",
  },
  /** Under the trade applications' tile, which links nowhere yet. */
  notOpenYet: 'Trade accounts are not open yet.',
} as const;

/** The dashboard's menu: an admin's entries in two groups, the Inbox and its badge, and the phone's toggle. */
export const dashboardMenuCopy = {
  /** What the staff work on. */
  backOffice: 'Back office',
  /** The admin's own account and buying, as any customer has them. */
  myAccount: 'My account',
  staffHome: staffHomeCopy.title,
  inbox: 'Inbox',
  /** The Inbox link's name with its badge: "Inbox (3 unread)". */
  unread: (count: number) => `${formatQuantity(count)} unread`,
  /** The button that opens and closes the menu on a phone. */
  toggle: 'Dashboard menu',
} as const;

/** The catalog CSV import on Import / Export: its template, its preview of the changes, its progress. */
export const importCopy = {
  downloadTemplate: 'Download template',
  templateHelp: 'The template has every column the import reads and one made-up part to replace with your own.',
  /**
   * The template's one row: a made-up part that imports as it is (GET /api/products/import-template.csv).
   * Every column the import reads has a cell here (the server's column list checks it when it compiles).
   */
  templateExample: {
    sku: 'EX-1001',
    name: 'Example Wiper Blade',
    description: 'A made-up part to show each column: replace this row with your own parts',
    price: '12.50',
    stock: '40',
    min: '1',
    category: 'Wipers',
    img: '/images/products/windshield-wiper.svg',
    specs: 'Length: 22 in; Fit: hook arm',
    active: 'true',
    packSize: '1',
    priceBreaks: '10: 11.50; 50: 10.90',
    weightGrams: '250',
    taxClass: 'standard',
    coreCharge: '0.00',
  },
  uploading: 'Sending the file…',
  checking: 'Checking the file…',
  applying: 'Importing…',
  progressLabel: 'Import progress',
  previewLabel: 'Rows the import changes',
  previewColumns: ['Row', 'Part Number', 'What changes'] as const,
  created: 'new part',
  updated: 'changed',
  newPartNumber: 'new number',
  /** One field a row sets: its part's value (none for a new part) and the file's. */
  change: (field: string, from: string | null, to: string) => (from === null ? `${field} ${to}` : `${field} ${from} → ${to}`),
  unchanged: (count: number) => `${formatQuantity(count)} ${count === 1 ? 'row is' : 'rows are'} unchanged and not listed.`,
  changesCut: (listed: number, total: number) => `Only the first ${formatQuantity(listed)} of ${formatQuantity(total)} changed rows are listed.`,
  problemsLabel: 'Problems in the file',
  problemColumns: ['Row', 'Column', 'Part Number', 'Value', 'Problem'] as const,
};

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

// ---- The inbox -----------------------------------------------------------------

/** The Inbox page (/dashboard/inbox) and the e-mail that tells the staff a message arrived. */
export const inboxCopy = {
  page: 'Inbox',
  title: 'Contact Messages',
  unreadCount: (count: number) => `${count} unread`,
  empty: 'No messages yet.',
  emptyUnread: 'No unread messages.',
  filter: 'Show',
  filters: { unread: 'Unread', all: 'All' },
  unread: 'Unread',
  markRead: 'Mark as read',
  markUnread: 'Mark as unread',
  open: (email: string) => `Open the message from ${email}`,
  back: 'Back to the messages',
  thread: 'Thread',
  fromCustomer: 'Customer',
  fromStaff: 'Staff',
  pick: 'Choose a message to read it and reply.',
  replyLabel: 'Reply',
  replyField: 'Your reply',
  send: 'Send',
  sending: 'Sending…',
  replySent: (email: string) => `Your reply is on its way to ${email}.`,
  repliedOn: (date: string) => `Replied on ${date}`,
  mailto: 'Or reply from your own e-mail',
  mailtoSubject: 'Re: your message',
  mail: {
    subject: (from: string) => `New message from ${from}`,
    wrote: (from: string, date: string) => `${from} wrote through the contact form on ${date}:`,
    howToAnswer: 'Answer it from the Inbox: the reply is e-mailed to them and kept with the message.',
    open: 'Open it in the Inbox',
  },
};

/** The Inbox's address; `?message=` opens one message (the staff e-mail links to it). */
export const INBOX_PATH = '/dashboard/inbox';
export const inboxMessagePath = (id: string) => `${INBOX_PATH}?message=${encodeURIComponent(id)}`;

// ---- Reviews held for approval -------------------------------------------------

export const reviewModerationCopy = {
  /** Told to the author after posting while REVIEW_MODERATION=before (shop review and part review alike). */
  postedPending: 'Thank you! Your review is posted: it shows in the shop once our staff approve it.',
  changedPending: 'Your review is changed: it shows in the shop again once our staff approve it.',
  statusFilter: 'Status',
  ratingFilter: 'Rating',
  allStatuses: 'All statuses',
  allRatings: 'All ratings',
  statusLabel: { pending: 'Pending', published: 'Published', hidden: 'Hidden' } satisfies Record<ReviewStatus, string>,
  /** The queue's badge of a review's status (published shows as 'shown', as the page always said). */
  statusBadge: { pending: 'pending', published: 'shown', hidden: 'hidden' } satisfies Record<ReviewStatus, string>,
  flag: { link: 'Link', phone: 'Phone number' } satisfies Record<ReviewFlag, string>,
  flagsOf: (name: string) => `What the review by ${name} contains`,
  ratingOption: (rating: number) => `${rating} stars`,
  noneMatch: 'No reviews match these filters.',
  approve: 'Approve',
  reject: 'Reject',
  delete: 'Delete',
  approveLabel: (name: string) => `Approve the review by ${name}`,
  rejectLabel: (name: string) => `Reject the review by ${name}`,
  deleteLabel: (name: string) => `Delete the review by ${name}`,
  approved: (name: string) => `The review by ${name} is approved and shown in the shop.`,
  rejected: (name: string) => `The review by ${name} is rejected: it is not shown in the shop.`,
  deleteAsk: (name: string) => `Delete the review by ${name} for good?`,
  deleteDetails: ['It cannot be brought back. Reject it instead to keep it without showing it.'],
  deleteConfirm: 'Delete review',
  deleteCancel: 'Keep it',
  deleted: (name: string) => `The review by ${name} is deleted.`,
} as const;
