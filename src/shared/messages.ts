/**
 * Every user-facing string of the SPEC, word for word (typos included), and under `ui` the browser's
 * own messages that the SPEC does not word (toasts, confirmations, notices), so they live in one place.
 * Both the server (error messages) and the browser (toasts, labels) import from here.
 */
import type { OrderStatus } from './order-status.js';

export const messages = {
  validation: {
    quantityRequired: 'Quantity is required',
    quantityTooLow: (min: number) => `Quantity Must be ${min} or higher`,
    // SPEC's text ends with a space; kept as-is.
    quantityTooHigh: (stock: number) => `Quantity Must be lower than ${stock} `,
    phoneRequired: 'Phone Number is required',
    addressRequired: 'Address is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Provide an Email',
    passwordRequired: 'Password is required',
    passwordTooShort: 'Must be 6 characters or longer',
    nameRequired: 'Name is required',
  },
  toast: {
    loggedIn: 'User logged in successfully',
    registered: 'User is registered successfully',
    loggedOut: 'User is logged out!!!',
    orderPlaced: 'Your order is placed successfully',
    madeAdmin: (email: string) => `${email} is made Admin successfully`,
    profileUpdated: 'User profile update successfully!',
    productRemoved: (product: string, stock: number) =>
      `The Product ${product} with ${stock} units of stock is removed successfully!!!`,
    paymentSuccessful: 'Payment Successful!!!',
    orderShipped: (quantity: number, product: string, name: string, address: string) =>
      `Order of ${quantity} units of ${product} is shipped to ${name}, ${address} successfully`,
    orderCancelledByCustomer: (quantity: number, product: string) =>
      `Your Order of ${quantity} units of ${product} is cancelled successfully!!!`,
    orderCancelledByAdmin: (quantity: number, product: string) =>
      `The Order of ${quantity} units of ${product} is cancelled successfully!!!`,
  },
  confirm: {
    removeProduct: (product: string, stock: number) =>
      `Are you sure you want to remove ${product}? It has ${stock} units in stock`,
    removeOrder: (quantity: number, product: string) =>
      `Are you sure you want to remove the order of ${quantity} units of ${product}?`,
    shipOrder: (quantity: number, product: string, name: string) =>
      `Are you sure you want to shipped the order of ${quantity} units of ${product} to ${name}?`,
  },
  adminCantBeRemoved: "Admin can't be removed",
  noUserLoggedIn: 'No user is logged in',
  payment: {
    congrats: 'Congrats! Your payment is completed.',
    youPaid: (amount: string) => `You Paid: $${amount}`,
    transactionId: (id: string) => `Your Transaction ID: ${id}`,
  },
  /** The browser's own messages, not worded by the SPEC. */
  ui: {
    contactSent: 'Thank you! Your message is sent, we will reply by e-mail.',
    reviewPosted: 'Thank you! Your review is posted.',
    productAdded: (product: string) => `The Product ${product} is added successfully`,
    /** Promotion is for good: the shop has no way to take admin rights back, and an admin can't be removed. */
    confirmMakeAdmin: (email: string) =>
      `Make ${email} an admin? This cannot be undone: admin rights cannot be taken back, and an admin can't be removed.`,
    confirmRemoveUser: (email: string) => `Are you sure you want to remove ${email}?`,
    userRemoved: (email: string) => `${email} is removed successfully`,
    googleSigningIn: 'Signing you in with Google…',
    /** How an order that expired unpaid (its stock returned) is shown. */
    orderExpired: 'cancelled (expired)',
    testModeNotice: 'Test mode — no real card is charged. Use 4242 4242 4242 4242 with any future date and any CVC.',
    orderPaid: 'This order is paid.',
    orderNotPayable: (status: string) => `This order is ${status} and cannot be paid.`,
    paymentPreparing: 'Preparing the secure payment…',
    paymentProcessing: 'Processing your payment…',
    paymentUnavailable: 'Card payments could not be loaded. Please check your connection and reload the page.',
    paymentFailed: 'The payment did not go through, please try again.',
    paymentNotRecorded:
      'Your card was charged, but the shop could not record the payment yet. Please try again; you will not be charged twice.',
    historyEmpty: 'No changes recorded for this order.',
    networkError: 'Cannot reach the shop, please check your connection',
    pageCrashed: 'Something went wrong on this page.',
    newVersion: 'A new version of the shop is available. Please reload the page.',
    /** A page's code could not be downloaded and the shop was not re-deployed: the connection, most likely. */
    pageLoadFailed: 'This page could not be loaded. Please check your connection and reload the page.',
    pageLoadOffline: 'You are offline, so this page could not be loaded. Please reconnect and reload the page.',
    /** Placing an order: no answer from the shop (offline, or none in time). A retry sends the same Idempotency-Key. */
    orderNotSent:
      'Cannot reach the shop — your order is not confirmed. Please check your connection and press Confirm Order again; it will not be placed twice.',
    /** The order modal's hint under the quantity: the stock itself may be ordered (SPEC section 9). */
    quantityHint: (min: number, stock: number, price: string) => `From ${min} to ${stock} units · $${price} per unit`,
    /** A product whose stock is under its minimum order (or none): SPEC's bounds leave nothing to order. */
    outOfStock: 'Out of stock',
    outOfStockDetail: (min: number) => `Fewer than the minimum order of ${min} units are left, so this part cannot be ordered right now.`,
    passwordChanged: 'Your password is changed. Every other session of your account is signed out.',
    resetRequested: (email: string) =>
      `If an account exists for ${email}, we have sent it an e-mail with a link to choose a new password. The link works for 1 hour.`,
    passwordReset: 'Your password is changed. Please log in with your new password.',
    emailVerified: 'Thank you! Your e-mail address is confirmed.',
    verificationSent: (email: string) => `We have sent a confirmation link to ${email}.`,
    sessionRevoked: 'The session is signed out.',
    otherSessionsRevoked: 'Every other session of your account is signed out.',
    heldUntil: (when: string) => `The parts of this order are held for you until ${when}.`,
    resetHelp: 'Enter the e-mail address of your account and we will send you a link to choose a new password.',
    passwordsDiffer: 'The two passwords are not the same',
    emailVerifying: 'Confirming your e-mail address…',
    emailConfirmed: 'Your e-mail address is confirmed.',
    emailNotConfirmed: 'Your e-mail address is not confirmed yet. Please follow the link in the e-mail we sent you.',
    thisDevice: 'This device',
    unknownDevice: 'Unknown device',
    sessionCreated: (when: string) => `Signed in ${when}`,
    sessionLastUsed: (when: string) => `Last used ${when}`,
    confirmSignOutSession: (device: string) => `Are you sure you want to sign out ${device}?`,
    confirmSignOutOthers: 'Are you sure you want to sign out every other session of your account?',
    /** Each confirmation's two buttons, named after what they do ('Cancel' would be ambiguous on a cancel-order dialog). */
    confirmButtons: {
      cancelOrder: { confirmLabel: 'Cancel order', cancelLabel: 'Keep order' },
      deliverOrder: { confirmLabel: 'Deliver order', cancelLabel: 'Not yet' },
      removeProduct: { confirmLabel: 'Remove product', cancelLabel: 'Keep product' },
      makeAdmin: { confirmLabel: 'Make admin', cancelLabel: 'Keep as customer' },
      removeUser: { confirmLabel: 'Remove user', cancelLabel: 'Keep user' },
    },
    /** Removing a product: what happens to its open orders, after the SPEC's question (GET /api/products/:id/open-orders). */
    unpaidOrdersCancelled: (count: number) =>
      count === 1
        ? 'It has 1 unpaid order: removing the product cancels it, and its customer is told by e-mail.'
        : `It has ${count} unpaid orders: removing the product cancels them, and their customers are told by e-mail.`,
    paidOrdersStay: (count: number) =>
      count === 1
        ? 'Its 1 paid order still to ship stays, and can still be delivered.'
        : `Its ${count} paid orders still to ship stay, and can still be delivered.`,
    /** The add-product form's picture preview. */
    imagePreviewAlt: 'Preview of the product image',
    imageLoading: 'Loading the picture…',
    imageFailed: 'The picture at this link could not be loaded.',
    imageRefused: 'Product Image must be a picture that loads: this link could not be loaded.',
    /** Manage Reviews: an admin hides a review from the shop (kept) or shows it again. */
    reviewHidden: (name: string) => `The review by ${name} is hidden from the shop.`,
    reviewShown: (name: string) => `The review by ${name} is shown in the shop again.`,
  },
} as const;

/** Why an order could not take a payment that arrived for it. */
const WAS_BEFORE_PAYMENT: Record<OrderStatus, string> = {
  'not paid': 'already paid',
  pending: 'already paid',
  shipped: 'already paid',
  cancelled: 'cancelled',
  expired: 'expired',
};

/** Server error messages that the SPEC does not word; kept here so the browser can match on them. */
export const errorMessages = {
  invalidCredentials: 'Wrong e-mail or password',
  emailTaken: 'An account with this e-mail already exists',
  unauthenticated: 'Please log in to continue',
  forbidden: 'You are not allowed to do this',
  notFound: (what: string) => `${what} not found`,
  tooManyAttempts: 'Too many attempts, please try again later',
  productUnavailable: 'This product is no longer available',
  cannotRemoveAdmin: "Admin can't be removed",
  cannotRemoveSelf: 'You cannot remove your own account',
  illegalTransition: (from: string, to: string) => `An order that is '${from}' cannot become '${to}'`,
  paymentNotAvailable: 'Payments are not available yet',
  validationFailed: 'Some fields are not valid',
  bodyTooLarge: 'The request is too large',
  internal: 'Something went wrong on our side, please try again',
  transactionIdRequired: 'transactionId is required',
  commonPassword: 'This password is too common, please choose another one',
  wrongCurrentPassword: 'Your current password is not correct',
  resetLinkInvalid: 'This password reset link is invalid, used or expired. Please ask for a new one',
  verifyLinkInvalid: 'This confirmation link is invalid, used or expired',
  sessionNotFound: 'Session not found',
  tooManyUnpaidOrders: (max: number) =>
    `You have ${max} unpaid orders. Please pay for or cancel one of them before placing another`,
  orderTotalTooLarge: (maxDollars: string) =>
    `An order can total at most $${maxDollars} (the card limit). Please order fewer units or split the order`,
  webhookSignature: 'Webhook signature does not verify',
  databaseUnavailable: 'Database unavailable',
  /** Paying an order: what the server answers when a reported payment cannot pay it. */
  payment: {
    notUnpaid: 'This order is not waiting for payment',
    unknownPayment: 'No such payment',
    notSucceeded: 'This payment has not succeeded',
    wrongOrder: 'This payment is for another order',
    wrongAmount: 'This payment does not match the order total',
    refunded: (status: OrderStatus) =>
      `This order was ${WAS_BEFORE_PAYMENT[status]} before your payment arrived; the payment has been refunded`,
  },
  /** "Continue with Google": the red text under the login form. */
  google: {
    notConfigured: 'Google sign-in is not configured on this shop',
    cancelled: 'Google sign-in was cancelled',
    expiredOrTampered: 'Your Google sign-in expired or was tampered with, please try again',
    failed: 'Google sign-in failed, please try again',
    unverifiedEmail: 'Your Google e-mail address is not verified',
  },
} as const;

export type GoogleFailure = Exclude<keyof typeof errorMessages.google, 'notConfigured'>;
