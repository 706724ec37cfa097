/**
 * The back office's screen text (issue 62). Apart from messages.ts so that the home page's entry chunk does
 * not carry it (only the dashboard's code loads it).
 */
import { formatQuantity } from './format.js';

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
