/**
 * Returns' screen text (issue 61): the buyer's return form and My returns, the staff's Returns page and the
 * fitment-quality list. Apart from messages.ts so that the home page's entry chunk does not carry it (only
 * the returns pages load it).
 */
import { formatQuantity } from './format.js';
import { returnsMenu } from './messages.js';

/** "2 × Headlight (LT-4410)": units of a part on a return. */
const returnedPart = (quantity: number, product: string, sku: string) => `${formatQuantity(quantity)} × ${product} (${sku})`;

/** Returns in the browser (issue 61): the buyer's return form and My returns, the staff's Returns page and fitment-quality list. */
export const returnsUiMessages = {
  menu: returnsMenu,
  returnParts: 'Return parts',
  form: {
    title: (orderNumber: string) => `Return parts of ${orderNumber}`,
    intro: 'Choose how many units of each shipped part come back, and why.',
    nothingToReturn: 'Nothing of this order has shipped that could come back yet.',
    units: 'Units to return',
    unitsHint: (returnable: number) => `0 to ${formatQuantity(returnable)} (shipped and not returned yet)`,
    unitsAbove: (returnable: number) => `At most ${formatQuantity(returnable)} ${returnable === 1 ? 'unit' : 'units'} can come back`,
    reason: 'Reason',
    chooseReason: 'Choose a reason',
    vehicle: 'Vehicle it did not fit',
    chooseVehicle: 'Choose a vehicle',
    otherVehicle: 'Choose another vehicle',
    useVehicle: 'Use this vehicle',
    note: 'Note (optional)',
    submit: 'Ask for the return',
    submitting: 'Sending…',
    sent: (number: string) => `Return ${number} is asked for: we will e-mail you once it is approved.`,
    backToOrder: 'Back to the order',
  },
  status: 'Status',
  allStatuses: 'All statuses',
  columns: { number: 'Return', order: 'Order', parts: 'Parts', status: 'Status', refund: 'Refund', actions: 'Actions' },
  part: returnedPart,
  line: (quantity: number, product: string, sku: string, reason: string) => `${returnedPart(quantity, product, sku)} – ${reason}`,
  vehicle: (label: string) => `Vehicle: ${label}`,
  fitsByOurData: 'Fits by our data',
  notFitByOurData: 'Does not fit by our data',
  counted: (received: number, damaged: number) => `Received ${formatQuantity(received)}, damaged ${formatQuantity(damaged)}`,
  note: (note: string) => `Note: ${note}`,
  rejectedBecause: (reason: string) => `Rejected: ${reason}`,
  refund: (amount: string, creditNote: string) => `$${amount} (credit note ${creditNote})`,
  noRefund: '–',
  creditNote: (creditNote: string) => `Credit note ${creditNote}`,
  creditNoteFile: (creditNote: string) => `credit-note-${creditNote}.pdf`,
  loadMore: 'More returns',
  mine: { title: 'My returns', empty: 'You have not returned any part.' },
  manage: {
    title: 'Returns',
    empty: 'No return has this status.',
    approve: 'Approve',
    reject: 'Reject',
    receive: 'Receive',
    retryRefund: 'Retry refund',
    approveQuestion: (number: string) => `Approve return ${number}? The buyer is told to send the parts back.`,
    approved: (number: string) => `Return ${number} is approved`,
    rejectTitle: (number: string) => `Reject return ${number}`,
    rejectReason: 'Why is it rejected?',
    rejectSubmit: 'Reject return',
    rejected: (number: string) => `Return ${number} is rejected`,
    receiveTitle: (number: string) => `Receive return ${number}`,
    received: 'Received',
    damaged: 'Damaged',
    shopAtFault: 'Shop at fault – refund shipping',
    receiveSubmit: 'Receive and refund',
    refunded: (number: string, amount: string, creditNote: string) => `Return ${number} is refunded: $${amount}, credit note ${creditNote}`,
    refundPending: (number: string) => `Return ${number} is received; the refund did not go through yet – retry it`,
    working: 'Working…',
  },
  quality: {
    title: 'Fitment quality',
    intro: "Parts ranked by returns that did not fit, with the vehicles the buyers named and whether our data claimed the fit: the list to fix the fitment data from.",
    empty: "No return says a part did not fit.",
    columns: { part: 'Part', returns: 'Returns', vehicles: 'Vehicles named', action: 'Action' },
    vehicleCount: (label: string, count: number) => `${label}: ${count} ${count === 1 ? 'return' : 'returns'}`,
    claimedFit: 'our data says it fits',
    claimedNoFit: 'our data says it does not fit',
    edit: 'Edit part',
  },
} as const;
