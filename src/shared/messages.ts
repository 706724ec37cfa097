/**
 * Every user-facing string of the original storefront, word for word, typos included
 * (docs/legacy-contract.md#strings), and under `ui` the shop's own messages (toasts, confirmations,
 * notices), so they live in one place.
 * Both the server (error messages) and the browser (toasts, labels) import from here.
 */
import { formatMoney, formatQuantity } from './format.js';
import { UPLOAD_MAX_MB, UPLOAD_MAX_MEGAPIXELS } from './images.js';
import type { OrderStatus } from './order-status.js';

export const messages = {
  validation: {
    quantityRequired: 'Quantity is required',
    quantityTooLow: (min: number) => `Quantity Must be ${min} or higher`,
    // The original text ends with a space; kept as-is (docs/legacy-contract.md#quantity).
    quantityTooHigh: (stock: number) => `Quantity Must be lower than ${stock} `,
    quantityNotInPacks: (packSize: number) => `Quantity must be a multiple of ${packSize}`,
    quantityWhole: 'Quantity must be a whole number',
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
  /** The shop's own messages, which the original storefront did not have. */
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
    /** Back from Google while another account is signed in here: asked before that account is replaced. */
    confirmGoogleSwitch: (email: string) =>
      `You are signed in as ${email}. Sign out and continue with the Google account you just chose?`,
    /** How an order that expired unpaid (its stock returned) is shown. */
    orderExpired: 'cancelled (expired)',
    /** The original `product` field of an order with several lines: its first part and how many more follow. */
    orderHeadline: (first: string, more: number) => `${first} and ${more} more ${more === 1 ? 'part' : 'parts'}`,
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
    /** Admins read the outbox in the browser outside production (GET /api/admin/outbox): /dashboard/mail. */
    mailPreview: {
      title: 'Mail preview',
      intro: 'The latest e-mails the shop wrote, newest first, as their recipients get them. Without SMTP_URL they are only kept here and in the log.',
      empty: 'The shop has written no e-mail yet.',
      unavailable: 'Mail preview is off in production: e-mails go out over SMTP, and the outbox is not shown in the browser.',
      columns: ['Written', 'To', 'Subject', 'Status', 'Action'],
      show: 'Show',
      showLabel: (subject: string) => `Show the e-mail: ${subject}`,
      shown: 'Shown below',
      frameTitle: (subject: string) => `The e-mail: ${subject}`,
      to: (to: string) => `To: ${to}`,
      plainText: 'The plain-text part',
    },
    /** While the browser is offline: the banner on every page, and what a list of results says about its age. */
    offline: {
      banner: "You're offline. Pages show what was loaded before; searches and changes wait until you're back online.",
      resultsFrom: (when: string) => `You're offline — showing results from ${when}.`,
      earlierResults: "You're offline — showing earlier results; this view loads when you're back online.",
      waiting: (label: string) => `You're offline — ${label} will load when you're back online.`,
    },
    pageCrashed: 'Something went wrong on this page.',
    newVersion: 'A new version of the shop is available. Please reload the page.',
    /** A page's code could not be downloaded and the shop was not re-deployed: the connection, most likely. */
    pageLoadFailed: 'This page could not be loaded. Please check your connection and reload the page.',
    pageLoadOffline: 'You are offline, so this page could not be loaded. Please reconnect and reload the page.',
    /** Placing an order: no answer from the shop (offline, or none in time). A retry sends the same Idempotency-Key. */
    orderNotSent:
      'Cannot reach the shop — your order is not confirmed. Please check your connection and send it again; it will not be placed twice.',
    /** The order modal's hint under the quantity: the stock itself may be ordered (docs/legacy-contract.md#quantity). */
    quantityHint: (min: number, stock: number, price: string) => `From ${formatQuantity(min)} to ${formatQuantity(stock)} units · $${price} per unit`,
    /** A product whose stock is under its minimum order (or none): the quantity's bounds leave nothing to order (docs/legacy-contract.md#quantity). */
    outOfStock: 'Out of stock',
    outOfStockDetail: (min: number) => `Fewer than the minimum order of ${formatQuantity(min)} units are left, so this part cannot be ordered right now.`,
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
      googleSwitch: { confirmLabel: 'Switch account', cancelLabel: 'Stay signed in' },
    },
    /** Removing a product: what happens to its open orders, after the original question (docs/legacy-contract.md#confirmations; GET /api/products/:id/open-orders). */
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
    /** The admin's picture upload (drop zone and file picker). */
    uploadLabel: 'Upload a picture',
    uploadDrop: 'Drop a picture here, or choose a file',
    uploadHint: `JPEG, PNG, WebP, GIF or AVIF, at most ${UPLOAD_MAX_MB} MB`,
    uploading: 'Uploading the picture…',
    /** Manage Reviews: an admin hides a review from the shop (kept) or shows it again. */
    reviewHidden: (name: string) => `The review by ${name} is hidden from the shop.`,
    reviewShown: (name: string) => `The review by ${name} is shown in the shop again.`,
    reviewsHideAsk: (count: number) => `Hide ${count} selected ${count === 1 ? 'review' : 'reviews'} from the shop?`,
    reviewsHidden: (count: number) => `${count} ${count === 1 ? 'review is' : 'reviews are'} hidden from the shop.`,
    /** The admin's catalog: the product form's part number and specs, Manage Products' actions, import and export. */
    productAdmin: {
      skuHint: 'Left empty, one is generated from the category (e.g. BR-10003).',
      specsHint: 'Facts buyers compare parts by, e.g. Voltage: 12 V. Each name once.',
      packSizeHint: 'Sold in multiples of this many units (1: any quantity).',
      linkedPicture: 'The picture is linked from another site (as the PIES file gave it). Fetch it to keep a checked copy in the shop.',
      pictureFetched: (product: string) => `The picture of ${product} is now kept in the shop.`,
      weightHint: 'Shipping weight of one unit in whole grams, e.g. 1200 for 1.2 kg; 0: not known.',
      coreChargeLabel: 'Core Charge ($ per unit)',
      coreChargeHint: 'Refundable deposit on a remanufactured part, back when the old unit is returned; 0: none.',
      reorderThresholdHint: "Listed under Low Stock at or below this many units; empty: the shop's default.",
      priceBreaksHint: 'A lower unit price from a quantity on, e.g. from 100 units at $11.00. Each break starts at a larger quantity, with a lower price, than the one before.',
      productSaved: (product: string) => `The Product ${product} is saved successfully`,
      archivedNotice: 'This product is archived: the shop does not show it. Restore it from Manage Products.',
      confirmArchive: (product: string) =>
        `Archive ${product}? The shop stops showing it until you restore it; its orders are kept.`,
      archiveButtons: { confirmLabel: 'Archive product', cancelLabel: 'Keep in shop' },
      archived: (product: string) => `${product} is archived: the shop no longer shows it.`,
      restored: (product: string) => `${product} is restored: it is back in the shop.`,
      restocked: (product: string, stock: number) => `${product} is restocked: ${formatQuantity(stock)} units in stock now.`,
      noMatch: 'No products match this search and these filters.',
      changeReasons: { edit: 'edited', restock: 'restocked', import: 'imported' },
      importHelp:
        'Export the catalog, change it in a spreadsheet, and import it again: a row whose part number (sku) exists updates that part, any other row adds one. The file is checked first; nothing is written until you apply it, and a file with a problem is never imported in part.',
      importColumns: [
        { column: 'sku', meaning: 'Part Number. Empty on a new part: one is generated.' },
        { column: 'name', meaning: 'Product Name.' },
        { column: 'description', meaning: 'Product Description.' },
        { column: 'price', meaning: 'Dollars per unit, e.g. 12.50.' },
        { column: 'stock', meaning: 'Units in stock, a whole number.' },
        { column: 'min', meaning: 'Minimum Order Quantity, a whole number.' },
        { column: 'category', meaning: 'A category by name or slug, e.g. Brakes or wheels-tires.' },
        { column: 'img', meaning: 'The picture: an https:// link or a path like /images/products/tire.svg.' },
        { column: 'specs', meaning: 'Name: value pairs separated by semicolons, e.g. Voltage: 12 V; Bulb type: H7.' },
        { column: 'active', meaning: 'true, or false for an archived part.' },
        { column: 'packSize', meaning: 'Sold in packs of this many units, a whole number; empty or 1: any quantity.' },
        { column: 'priceBreaks', meaning: 'Quantity prices, each quantity: price per unit, separated by semicolons, e.g. 500: 81.00; 1000: 75.50. Empty: none.' },
        { column: 'weightGrams', meaning: 'Shipping weight of one unit in whole grams, e.g. 1200; empty keeps the part\'s (0 on a new one: not known).' },
        { column: 'taxClass', meaning: 'standard, reduced or zero: which of a destination\'s tax rates the part pays; empty keeps the part\'s (standard on a new one).' },
        { column: 'coreCharge', meaning: 'Refundable core deposit per unit in dollars (remanufactured parts), e.g. 25.00; 0: none; empty keeps the part\'s (0 on a new one).' },
      ],
      importChecked: 'The file is checked and can be imported.',
      importProblems: (count: number) =>
        `${count} ${count === 1 ? 'problem' : 'problems'} found, so nothing can be imported: fix the file and choose it again.`,
      importRefused: 'The import was refused and nothing was written:',
      imported: (created: number, updated: number) => `Import done: ${created} created, ${updated} updated.`,
      tradeFiles: {
        aces: {
          title: 'Fitment as ACES (XML)',
          help: 'An ACES 4.2 file of applications: each App names a vehicle by its VCdb ids (BaseVehicle, or Years with Make and Model), one of our parts, and how it fits (Qty, PartType, Position, Notes). action A adds, D deletes; a FULL submission replaces every application of the parts it names.',
          records: 'Apps',
          exportLabel: 'Export ACES',
        },
        pies: {
          title: 'Products as PIES (XML)',
          help: 'A PIES 7.2 file of Items: PartNumber, Descriptions (DES: name, EXT or MKT: description), the list price (LST), MinimumOrderQuantity, ProductAttributes (specs), Packages (pack size and weight), PartInterchangeInfo and DigitalAssets. MaintenanceType A adds or changes a part, C changes one, D archives one.',
          records: 'Items',
          exportLabel: 'Export PIES',
        },
        fileLabel: (title: string) => `${title}: file to import`,
        checking: (records: number, label: string, seconds: number) => `Checking ${records.toLocaleString('en-US')} ${label}… ${seconds} s`,
        importing: (records: number, label: string, seconds: number) => `Importing ${records.toLocaleString('en-US')} ${label}… ${seconds} s`,
        imported: (created: number, updated: number, deleted: number) => `Import done: ${created} created, ${updated} updated, ${deleted} deleted.`,
        ignoredTitle: 'Read past (not an error)',
      },
    },
    /** Manage All Orders: its search, filters, sort and export. */
    orderAdmin: {
      searchLabel: 'Search by order id, customer, e-mail, part number or PO number',
      statusLabel: 'Status',
      allStatuses: 'All statuses',
      fromLabel: 'Placed from',
      toLabel: 'Placed to',
      sortLabel: 'Sort by',
      sorts: { newest: 'Newest first', oldest: 'Oldest first', total: 'Total: low to high', '-total': 'Total: high to low' },
      exportCsv: 'Export CSV',
      noMatch: 'No orders match this search and these filters.',
    },
    /** The storefront's catalog: all products' search and filters, the cards, a part's own page. */
    catalog: {
      searchLabel: 'Search products by name or part number',
      searchPlaceholder: 'e.g. tire or BR-1507',
      categoryLegend: 'Category',
      allCategories: 'All categories',
      inStockOnly: 'In stock only',
      sortLabel: 'Sort by',
      bestMatch: 'Best match',
      clearFilters: 'Clear filters',
      searching: 'Searching…',
      productsShown: (count: number, more: boolean) =>
        `${count} ${count === 1 ? 'product' : 'products'} shown${more ? ', more available' : ''}`,
      noMatch: (q: string) => (q ? `No products match “${q}”.` : 'No products match these filters.'),
      partNumber: 'Part number',
      category: 'Category',
      specs: 'Specifications',
      copyLink: 'Copy link',
      linkCopied: 'Link copied',
      linkNotCopied: 'The link could not be copied. Please copy it from the address bar.',
      noPart: (sku: string) => `No part with number ${sku}`,
      noPartHelp: 'It may be spelt differently, or no longer sold. Search the catalog for it:',
      searchFor: (sku: string) => `Search for ${sku}`,
      /** The phone's button for the column of filters (vehicle, categories, in stock), with how many are on. */
      filters: 'Filters',
      filtersOn: (count: number) => `Filters (${count} on)`,
      filtersTitle: 'Filters and vehicle',
      showParts: 'Show parts',
      /** A search (or filters) that finds parts, none of which fits the vehicle shopped for. */
      noneFit: (count: number, q: string, vehicle: string) =>
        `${count} ${count === 1 ? 'part matches' : 'parts match'} ${q ? `“${q}”` : 'these filters'}, but none fits your ${vehicle}.`,
      showNotFitting: (count: number) => (count === 1 ? 'Show it anyway' : `Show all ${count} anyway`),
      /** "Did you mean …" under a number nothing matched: the closest numbers, each a link to its part. */
      didYouMean: 'Did you mean',
    },
    /** Quick order (/quick-order): many parts at once by any of their numbers, typed, pasted or from a CSV file. */
    quickOrder: {
      title: 'Quick order',
      intro:
        'Order many parts at once by their numbers: ours, the car maker’s (OE) or another brand’s. Check them to see each part and its price, then add them to the cart.',
      linesLabel: 'Parts and quantities',
      linesHint: 'One part per line: part number and quantity, e.g. BR-1507 200 or 04465-02220, 100 (tab or ; separated also fine).',
      fileLabel: 'Or upload a CSV file',
      fileHint: 'Part number in the first column, quantity in the last; a header row like sku,quantity is skipped.',
      check: 'Check parts',
      checking: 'Checking…',
      addToCart: 'Add to cart',
      tableLabel: 'Checked parts',
      columns: ['Line', 'Typed', 'Part', 'Quantity', 'Unit price ($)', 'Line total ($)'],
      nothingToCheck: 'Type or paste at least one part number and its quantity.',
      quantityPositive: 'Quantity must be a whole number of 1 or more',
      tooManyLines: (max: number, leftOut: number) =>
        `At most ${max} parts in one quick order: ${leftOut === 1 ? 'this line is' : `this line and the ${leftOut - 1} after it are`} left out`,
      noPart: (number: string) => `No part for sale has the number ${number}`,
      /** Under a part found by another number than ours: "matched OE number 04465-02220". */
      matched: (type: string, number: string) => `matched ${type} ${number}`,
      merged: (lines: readonly number[]) => `Also on ${lines.length === 1 ? 'line' : 'lines'} ${lines.join(', ')}: quantities added`,
      summary: (ready: number, toFix: number) =>
        `${ready} ${ready === 1 ? 'part' : 'parts'} ready to add${toFix > 0 ? `, ${toFix} ${toFix === 1 ? 'line' : 'lines'} to fix` : ''}.`,
      added: (lines: number) => `${lines} ${lines === 1 ? 'line' : 'lines'} added to the cart`,
      /** After adding, what is left in the box: the lines to fix. */
      leftToFix: 'The lines below still need fixing: correct them and check again.',
      cartLink: 'Quick order by part numbers',
    },
    /** My Orders and Manage All Orders beyond the original storefront: ordering again, invoices, orders of several parts. */
    orders: {
      orderAgain: 'Order again',
      orderAgainLabel: (id: string) => `Order again: the parts of order ${id}`,
      cartRefilled: (parts: number) => `The cart now holds the ${parts === 1 ? 'part' : `${parts} parts`} of this order, at today’s prices.`,
      invoice: (invoiceNumber: string) => `Invoice ${invoiceNumber}`,
      invoiceFile: (invoiceNumber: string) => `invoice-${invoiceNumber}.pdf`,
      poNumber: (po: string) => `PO ${po}`,
      line: (sku: string, product: string, quantity: number) => `${sku} · ${product} × ${quantity}`,
      /** My Orders' and an order's page: the order by its number, when it was placed, its lines. */
      orderColumn: 'Order',
      openLabel: (number: string) => `Open order ${number}`,
      placed: (when: string) => `Placed ${when}`,
      linesCaption: (number: string) => `Parts of order ${number}`,
      lineColumns: ['Part', 'Quantity', 'Unit price', 'Line total'],
      total: 'Total',
      /** What an order charges (issue 60), the same on every order view: goods, shipping, tax lines, total, destination. */
      charges: {
        caption: (number: string) => `Charges of order ${number}`,
        /** The fold under an order list's total. */
        breakdown: 'Subtotal, shipping and tax',
        taxTotal: 'Tax total',
        buyerVatId: (vatId: string) => `Buyer's VAT ID: ${vatId}`,
        taxExempt: "No tax charged: the buyer's tax exemption certificate was valid when the order was placed",
        shipTo: 'Ship to',
        shippingMethod: (method: string) => `Shipping method: ${method}`,
      },
    },
    /** An order's own page (/dashboard/orders/:id) and the payment page's heading. */
    orderPage: {
      title: (number: string) => `Order ${number}`,
      notFound: 'No such order',
      notFoundHelp: 'This order does not exist, or it is not one of yours.',
      backToOrders: 'Back to My Orders',
      status: 'Status',
      delivery: 'Delivery',
      phone: (phone: string) => `Phone: ${phone}`,
      payment: 'Payment',
      paidBy: (transactionId: string) => `Paid by card, transaction ${transactionId}`,
      notPaidYet: 'Not paid yet.',
      payNow: 'Pay now',
      poNumber: (po: string) => `Your PO number: ${po}`,
      shipments: 'Shipments',
      noShipments: 'None yet: the order ships once it is paid.',
      shipped: (when: string) => `Shipped ${when}`,
      history: 'History',
      documents: 'Documents',
      noDocuments: 'The invoice is here once the order is paid.',
      payHeading: (number: string) => `Pay for order ${number}`,
      paidHeading: (number: string) => `Order ${number} is paid`,
    },
    /** Price breaks and packs, on cards, a part's page and the order modal (prices already formatted, no "$"). */
    pricing: {
      bestTier: (price: string, quantity: number) => `from $${price} at ${formatQuantity(quantity)}+`,
      packsOf: (packSize: number) => `Packs of ${packSize}`,
      shippingWeight: (weight: string) => `Shipping weight: ${weight}`,
      breaksCaption: 'Price breaks',
      columns: ['Quantity', 'Unit price'],
      from: (quantity: number) => `${formatQuantity(quantity)}+`,
      each: (price: string) => `$${price} each`,
      listPrice: 'List price',
      unitPrice: 'Unit price:',
      nextTier: (quantity: number, price: string) => `Order ${formatQuantity(quantity)} for $${price} each`,
    },
    /** The cart: adding parts, the cart page and its checkout. */
    cart: {
      add: 'Add to cart',
      addLabel: (product: string) => `Add to cart: ${product}`,
      added: (product: string, quantity: number) => `Added to cart: ${quantity} × ${product}`,
      nav: (lines: number) => (lines > 0 ? `Cart (${lines})` : 'Cart'),
      title: 'Your cart',
      loading: 'Loading your cart',
      empty: 'Your cart is empty.',
      emptyHelp: 'Find parts in the catalog, or order many at once by their part numbers.',
      browse: 'Browse the catalog',
      quantity: 'Quantity',
      lineTotal: (amount: string) => `Line total: $${amount}`,
      remove: 'Remove',
      removeLabel: (product: string) => `Remove ${product}`,
      gone: 'This part is no longer sold',
      notLoaded: 'This part could not be loaded. Please reload the page.',
      total: (amount: string) => `Total: $${amount}`,
      phone: 'Phone Number',
      address: 'Delivery Address',
      poNumber: 'PO number (optional)',
      poNumberHint: 'Your purchase order number, printed on the invoice.',
      place: 'Place order',
      placing: 'Placing order…',
      signIn: 'Sign in to place the order',
      fixLines: 'Please fix or remove the parts marked in red before placing the order.',
      /** A part added again, or chosen before signing in when the account's cart has it too: Replace or Add. */
      alreadyTitle: 'Already in your cart',
      signedInTitle: 'Also in your cart from before you signed in',
      alreadyLine: (product: string, had: string, adding: string) => `${product}: ${had} in your cart, ${adding} being added`,
      signedInLine: (product: string, had: string, adding: string) => `${product}: ${had} in your cart, ${adding} chosen before you signed in`,
      replaceDetail: (quantities: string) => `Replace: ${quantities}`,
      addDetail: (quantities: string) => `Add: ${quantities}`,
      keep: 'Keep the cart as it is',
      changed: (product: string, now: string, was: string) => `${product}: now ${now} (was ${was})`,
      movedIn: (parts: number) => `${parts === 1 ? 'The part' : `${parts} parts`} you chose before signing in ${parts === 1 ? 'is' : 'are'} now in your cart.`,
      navLabel: (lines: number) => (lines === 1 ? 'Cart, 1 part' : `Cart, ${lines} parts`),
    },
    /** Vehicle fitment in the storefront: the vehicle selector, My garage, what fits, the numbers that lead to a part. */
    fitment: {
      title: 'Find parts that fit your car',
      year: 'Year',
      make: 'Make',
      model: 'Model',
      engine: 'Engine / trim',
      choose: 'Choose…',
      loading: 'Loading…',
      anyEngine: 'Any trim or engine',
      shopForThis: 'Shop for this vehicle',
      vinLabel: 'Or enter your VIN',
      vinHint: 'The 17 characters on the windscreen or the registration papers.',
      findVin: 'Find my vehicle',
      vinMatches: (vehicle: string) => `This VIN is a ${vehicle}. Which one is yours?`,
      vinNoMatch: (vehicle: string) => `This VIN is a ${vehicle}, but we have no parts listed for it yet.`,
      shoppingFor: 'Shopping for:',
      noVehicle: 'Choose your vehicle to see the parts that fit it.',
      openSelector: 'Choose your vehicle',
      changeVehicle: 'Change vehicle',
      shopFits: 'Shop parts that fit',
      loadingSelector: 'Loading the vehicle selector',
      garage: 'My garage',
      remove: 'Remove',
      removeVehicle: (vehicle: string) => `Remove ${vehicle}`,
      clearGarage: 'Clear garage',
      fitsOnly: 'Only parts that fit',
      /** A vehicle shopped for whose name is not known here (a link to another's). */
      thisVehicle: 'chosen vehicle',
      fits: (vehicle: string) => `Fits your ${vehicle}`,
      doesNotFit: (vehicle: string) => `Does not fit your ${vehicle}`,
      /** A vehicle the browser has no name for (a shared link's): "Fits your vehicle". */
      someVehicle: 'vehicle',
      /** After "Fits your …": " — with xenon headlights, front", one note per way it fits. */
      fitNotes: (notes: { qualifier: string; position: string }[]) => {
        const text = notes.map((n) => [n.qualifier, n.position.toLowerCase()].filter(Boolean).join(', ')).filter(Boolean);
        return text.length > 0 ? ` — ${text.join('; ')}` : '';
      },
      fitsTitle: 'Fits these vehicles',
      fitsNone: 'No vehicles are listed for this part yet.',
      years: (from: number, to: number) => (from === to ? String(from) : `${from}–${to}`),
      fitsColumns: { years: 'Years', trim: 'Trim and engine', qualifier: 'Notes', position: 'Position' },
      numbersTitle: 'OE and cross-reference numbers',
      numbersColumns: { type: 'Type', brand: 'Brand', number: 'Number' },
      /** Searching by a number: "04465-02220 is the OE number of Brake Pads (BR-2040)", the part a link. */
      lookup: (number: string, matchedAs: string) => `${number} is the ${matchedAs} of`,
      lookupPart: (name: string, sku: string) => `${name} (${sku})`,
    },
    /** The parts at or below their reorder threshold (/dashboard/low-stock) and the menu's count of them. */
    lowStock: {
      title: 'Low Stock',
      menuCount: (count: number) => `${count} ${count === 1 ? 'part' : 'parts'}`,
      intro: 'Parts for sale at or below their reorder threshold, lowest stock first.',
      empty: 'No part is low on stock.',
      columns: { sku: 'Part Number', name: 'Name', stock: 'Stock (units)', threshold: 'Threshold (units)', min: 'Min (units)', action: 'Action' },
      restock: 'Restock',
      edit: 'Edit',
    },
    /** The admin's sales overview (/dashboard/overview). */
    overview: {
      title: 'Sales Overview',
      periodLabel: 'Period',
      presets: { today: 'Today', week: '7 days', month: '30 days', year: '12 months', custom: 'Custom' },
      from: 'From',
      to: 'To',
      customInvalid: (maxDays: number) => `Choose a start date on or before the end date, at most ${maxDays} days apart.`,
      figures: { revenue: 'Revenue', tax: 'Tax collected', refunds: 'Refunds', orders: 'Paid orders', units: 'Units sold', averageOrderValue: 'Average order value' },
      /** A figure's change against the period of the same length just before. */
      change: (percent: string) => `${percent} vs previous period`,
      noPreviousSales: 'nothing in the previous period',
      chartTitle: 'Revenue by day',
      chartSummary: (days: number, total: string, best: string | null) =>
        `Revenue over ${days} ${days === 1 ? 'day' : 'days'}: $${total}${best ? `; best day ${best}` : ''}.`,
      chartTable: 'Revenue and paid orders by day',
      columns: { date: 'Date', revenue: 'Revenue ($)', orders: 'Paid orders', status: 'Status', count: 'Orders placed', part: 'Part', units: 'Units', customer: 'Customer' },
      byStatus: 'Orders by status',
      topByRevenue: 'Top parts by revenue',
      topByUnits: 'Top parts by units',
      topCustomers: 'Top customers',
      empty: 'No paid orders in this period.',
    },
  },
} as const;

/** Why an order could not take a payment that arrived for it. */
const WAS_BEFORE_PAYMENT: Record<OrderStatus, string> = {
  'awaiting approval': 'waiting for its company to approve it',
  'not paid': 'already paid',
  pending: 'already paid',
  'partially shipped': 'already paid',
  shipped: 'already paid',
  cancelled: 'cancelled',
  expired: 'expired',
};

/** Server error messages the original storefront did not have; kept here so the browser can match on them. */
export const errorMessages = {
  invalidCredentials: 'Wrong e-mail or password',
  emailTaken: 'An account with this e-mail already exists',
  unauthenticated: 'Please log in to continue',
  forbidden: 'You are not allowed to do this',
  notFound: (what: string) => `${what} not found`,
  tooManyAttempts: 'Too many attempts, please try again later',
  /** An account posts at most REVIEW_RATE_LIMIT reviews an hour. */
  tooManyReviews: (max: number) => `You can post at most ${max} ${max === 1 ? 'review' : 'reviews'} an hour. Please try again later`,
  productUnavailable: 'This product is no longer available',
  cannotRemoveAdmin: "Admin can't be removed",
  cannotRemoveSelf: 'You cannot remove your own account',
  lastAdmin: 'The last admin cannot be demoted: make another account admin first',
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
  nameNotPlain: 'Your name must be one line of text, without links',
  verifyResendLimit: (max: number) =>
    `We have sent you ${max} new confirmation links in the last hour. Please use the newest one, or ask again later`,
  tooManyUnpaidOrders: (max: number) =>
    `You have ${max} unpaid orders. Please pay for or cancel one of them before placing another`,
  unpaidHoldTooValuable: (maxDollars: string) =>
    `Your unpaid orders can hold parts worth at most $${maxDollars} together. Please pay for or cancel one of them, or order less`,
  unpaidHoldShareTooLarge: (percent: number, more: number) =>
    `Unpaid orders of one account can hold at most ${percent}% of a part's stock: you can order at most ${more} more of this part until you pay`,
  tooManyOrders: (max: number) => `You can place at most ${max} orders in 10 minutes. Please try again later`,
  orderTotalTooLarge: (maxDollars: string) =>
    `An order can total at most $${maxDollars} (the card limit). Please order fewer units or split the order`,
  /** A line of a many-line order that cannot be ordered: the part it names, where it is, and why. */
  orderLineProblem: (part: string, line: number, problem: string) => `${part} (line ${line}): ${problem}`,
  productNotForSale: 'This part is not for sale',
  unknownPart: (id: number) => `Product ${id}`,
  notInvoiced: 'This order has no invoice yet: an invoice is made when the order is paid',
  /** PUT /api/cart: a line names no part for sale. */
  cartUnknownPart: (productId: number) => `Part ${productId} is not for sale: take it out of the cart`,
  webhookSignature: 'Webhook signature does not verify',
  databaseUnavailable: 'Database unavailable',
  /** Uploading a product picture (POST /api/uploads). */
  upload: {
    missing: 'Choose a picture to upload',
    notAPicture: 'The file is not a picture: upload a JPEG, PNG, WebP, GIF or AVIF image',
    tooLarge: `Pictures may be at most ${UPLOAD_MAX_MB} MB`,
    tooManyPixels: `The picture is too big: at most ${UPLOAD_MAX_MEGAPIXELS} megapixels (e.g. 8000 × 6000)`,
    unreadable: 'The upload could not be read, please try again',
  },
  /** Fetching a part's picture from the link a PIES file gave it (POST /api/products/:id/picture/fetch). */
  pictureFetch: {
    notRemote: 'This part\'s picture is already in the shop: only a picture linked from elsewhere (http or https) is fetched',
    unreachable: (host: string) => `The picture could not be fetched from ${host}: try again later`,
    failed: (status: number) => `The picture's link answered ${status}: check the link in the part's Product Image`,
  },
  /** Importing the catalog from a CSV file (POST /api/products/import): one problem of a row or of the whole file. */
  catalogImport: {
    refused: (problems: number) => `Nothing was imported: the file has ${problems} ${problems === 1 ? 'problem' : 'problems'}`,
    empty: 'The file is empty: export the catalog for a file to start from',
    notCsv: 'This row cannot be read as CSV: a cell that starts with a quote (") must end with one',
    unknownColumns: (unknown: string[], known: readonly string[]) =>
      `Unknown ${unknown.length === 1 ? 'column' : 'columns'} ${unknown.map((c) => `"${c}"`).join(', ')}: the columns are ${known.join(', ')}`,
    columnRepeated: (column: string) => `The column ${column} is given twice`,
    missingColumns: (missing: string[], required: readonly string[]) =>
      `Missing ${missing.length === 1 ? 'column' : 'columns'} ${missing.join(', ')}: without a sku column every row is a new part, and a new part needs ${required.join(', ')}`,
    cellCount: (cells: number, columns: number) => `This row has ${cells} cells but the header has ${columns}`,
    tooManyRows: (max: number) => `A file may hold at most ${formatQuantity(max)} rows: split it into smaller files`,
    skuRepeated: (sku: string, firstRow: number) => `Part Number ${sku} is already on row ${firstRow}`,
    skuOfRemovedPart: (sku: string) => `Part Number ${sku} belonged to a removed part and cannot be used again`,
    categoryUnknown: (text: string) => `Unknown category "${text}": use a category's name or slug, e.g. Brakes or wheels-tires`,
    activeInvalid: 'Must be true or false (yes/no and 1/0 work too; empty means true)',
    priceBreaksText: (part: string) => `"${part}" needs a quantity and a price per unit, like "500: 81.00" (price breaks are separated by semicolons)`,
    moreProblems: (count: number) => `${formatQuantity(count)} more problems are not listed: fix these first`,
    busy: 'Other imports are waiting their turn: nothing was checked or written. Please try again in a minute',
  },
  /**
   * Importing applications or cross-reference numbers (POST /api/fitment/import): the problems of their
   * own; the file's (empty, unknown columns, …) are worded as for the catalog import.
   */
  fitmentImport: {
    missingColumns: (missing: string[], required: readonly string[]) =>
      `Missing ${missing.length === 1 ? 'column' : 'columns'} ${missing.join(', ')}: this file needs ${required.join(', ')}`,
    skuRequired: 'Enter the Part Number of one of our parts',
    skuUnknown: (sku: string) => `No part has the Part Number ${sku}`,
    yearsReversed: (from: number, to: number) => `year_to ${to} is before year_from ${from}`,
    makeRequired: 'Enter the make, e.g. Toyota',
    modelRequired: 'Enter the model, e.g. Corolla',
    modelUnknown: (make: string, model: string) => `No vehicle in our base is a ${make} ${model}`,
    yearsOutsideBase: (make: string, model: string, years: string) => `Our base has the ${make} ${model} only for ${years}: these years have none`,
    positionInvalid: (positions: readonly string[]) => `Position must be empty, one of ${positions.join(', ')}, or a PCdb position id as Position 1234`,
    applicationRepeated: (firstRow: number) => `The same application is already on row ${firstRow}`,
    quantityInvalid: 'qty must be a whole number of 1 or more (empty: 1)',
    partTypeInvalid: 'part_type must be a PCdb part type id, a whole number (empty: none)',
    vcdbIdInvalid: 'A VCdb id is a whole number of 1 or more (empty: not known)',
    vehicleUnknown: (vehicle: string) => `No vehicle in our base is a ${vehicle}`,
    vehicleRepeated: (firstRow: number) => `Row ${firstRow} already gives this vehicle other ids`,
  },
  /** Importing the trade's XML files (ACES applications, PIES items): per record (the App id, the Item's part number). */
  tradeImport: {
    doctype: 'This file declares a document type (DOCTYPE): such files are refused, as they may read other files or expand without end. Export it again without one',
    notXml: (detail: string) => `This file is not well-formed XML: ${detail}`,
    wrongRoot: (root: string, found: string) => (found === '' ? `This file has no ${root} document in it` : `This file is a ${found} document, not ${root}`),
    tooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB: split it into several`,
    xmlExpected: (format: string) => `A ${format} file is sent as application/xml`,
    csvExpected: 'An XML file is imported with format=aces (applications) or format=pies (products); other imports read CSV',
    bodyNotAFile: 'An import reads a file: CSV sent as text/csv, ACES or PIES as application/xml',
    tooManyRecords: (max: number) => `The file has more than ${max.toLocaleString('en-US')} records: split it into several`,
    actionInvalid: (action: string) => `action must be A (add) or D (delete), not "${action}"`,
    appIdMissing: 'This App has no id: every App needs one, to be named in this report',
    vehicleMissing: 'Name the vehicle: a BaseVehicle id, or Years with a Make and a Model id',
    baseVehicleUnknown: (id: string) => `No vehicle in our base has the BaseVehicle id ${id}`,
    makeUnknown: (id: string) => `No vehicle in our base has the Make id ${id}`,
    modelUnknown: (id: string) => `No vehicle in our base has the Model id ${id}`,
    subModelUnknown: (id: string) => `No vehicle in our base has the SubModel id ${id}`,
    engineBaseUnknown: (id: string) => `No vehicle in our base has the EngineBase id ${id}`,
    yearsInvalid: 'Years needs from and to model years, from not after to',
    yearsOutsideBase: (vehicle: string, years: string) => `Our base has the ${vehicle} only for ${years}: these years have none`,
    qtyInvalid: 'Qty must be a whole number of 1 or more',
    partTypeInvalid: 'PartType needs a PCdb part type id, a whole number',
    positionUnknown: (id: string) => `Position "${id}" is not a PCdb position id (a whole number)`,
    noteTooLong: (max: number) => `The notes of an App are at most ${max} characters together`,
    partMissing: 'This App names no Part',
    partUnknown: (part: string) => `No part has the Part Number ${part}`,
    duplicate: (first: string) => `The same application is already App ${first}`,
    itemRepeated: 'This part number is already an Item of this file',
    maintenanceInvalid: (type: string) => `MaintenanceType must be A (add), C (change) or D (delete), not "${type}"`,
    partNumberMissing: 'This Item has no PartNumber',
    itemUnknown: 'No part has this Part Number: an Item with MaintenanceType C or D changes one we have',
    descriptionMissing: 'A new part needs a Description of type DES (its name)',
    priceMissing: 'A new part needs a Price of type LST (its list price)',
    priceInvalid: (price: string) => `The list price "${price}" is not an amount in dollars above 0 with at most two decimals`,
    pricesIgnored: (types: string[]) => `Only the list price (LST) is read; the prices of type ${types.join(', ')} are left out`,
    currencyInvalid: (currency: string) => `Prices are read in USD only, not ${currency}`,
    minimumInvalid: 'MinimumOrderQuantity must be a whole number of 1 or more',
    weightInvalid: (weight: string, unit: string) => `The weight "${weight} ${unit}" is not a weight in LB, OZ, KG or GR`,
    quantityOfEachesInvalid: 'QuantityofEaches must be a whole number of 1 or more',
    fieldInvalid: (field: string, message: string) => `${field}: ${message}`,
  },
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
  /** The vehicle base, a VIN and the buyer's garage (GET /api/vehicles…, /api/garage). */
  vehicles: {
    makeRequired: 'Choose a make',
    modelRequired: 'Choose a model',
    vinUnknown: 'We cannot tell which vehicle this VIN belongs to: choose it by year, make and model',
    garageFull: (max: number) => `Your garage holds at most ${max} vehicles: remove one before adding another`,
  },
  /** "Continue with Google": the red text under the login form. */
  google: {
    notConfigured: 'Google sign-in is not configured on this shop',
    cancelled: 'Google sign-in was cancelled',
    expiredOrTampered: 'Your Google sign-in expired or was tampered with, please try again',
    failed: 'Google sign-in failed, please try again',
    unverifiedEmail: 'Your Google e-mail address is not verified',
    otherBrowser: 'This Google sign-in was started in another browser. Please press Continue with Google here to sign in',
  },
} as const;

export type GoogleFailure = Exclude<keyof typeof errorMessages.google, 'notConfigured'>;

/** The checkout (issue 60): addresses, shipping and tax tables, quotes. */
export const checkoutMessages = {
  countryInvalid: 'Choose a country (its two-letter ISO code, e.g. US or DE)',
  regionRequired: (country: string) => `Choose the ${country === 'US' ? 'state' : country === 'CA' ? 'province or territory' : 'state or region'}`,
  regionUnknown: (country: string, known: readonly string[]) => `Not a region of ${country}: use one of ${known.join(', ')}`,
  regionTooLong: 'Must be at most 60 characters',
  postalCodeTooLong: 'A postal code is at most 20 characters',
  postalCode: {
    US: 'A US ZIP code is 5 digits, e.g. 05401 (or ZIP+4, e.g. 05401-2345)',
    CA: 'A Canadian postal code is letter-digit-letter digit-letter-digit, e.g. K1A 0B1',
    GB: 'A UK postcode looks like SW1A 1AA or M1 1AE',
    DE: 'A German postal code (PLZ) is 5 digits, e.g. 10115',
    NL: 'A Dutch postal code is 4 digits and 2 letters, e.g. 1012 AB',
    FR: 'A French postal code is 5 digits, e.g. 75008',
  },
  addressNameRequired: 'Enter the name of the person or the department receiving the parts',
  line1Required: 'Enter the street and number',
  cityRequired: 'Enter the city',
  addressNotFound: 'Address',
  addressesTooMany: (max: number) => `Your address book holds at most ${max} addresses: remove one before adding another`,
  vatIdInvalid: 'This VAT ID is not valid: check the country prefix and the digits (e.g. DE136695976)',
  vatIdRejectedByVies: 'The EU VIES service says this VAT ID is not registered',
  viesUnavailable: 'The EU VIES service could not be reached to check this VAT ID, please try again in a minute',
  shippingAddressRequired: 'Give a shipping address or choose a saved one',
  addressOrId: 'Send either shippingAddress or addressId, not both',
  noShippingMethod: (destination: string, weight: string) => `We don't ship to ${destination} by any method for ${weight}: ask us for a freight quote`,
  shippingMethodUnavailable: 'This shipping method does not reach this address for this order: choose another',
  zoneIdRepeated: (id: string) => `The zone id ${id} is used twice`,
  methodIdRepeated: (id: string) => `The method id ${id} is used twice`,
  rateIdRepeated: (id: string) => `The rate id ${id} is used twice`,
  zoneUnknown: (id: string) => `No zone has the id ${id}`,
  zoneCountriesRequired: 'A zone needs at least one country',
  regionsNeedOneCountry: 'Regions only make sense for a zone of one country',
  postalPatternInvalid: 'A postal code pattern is letters, digits and spaces, optionally ending in * (e.g. 05* or 10115)',
  priceRequired: 'A flat method needs a price',
  bandsRequired: 'A weight method needs at least one band',
  bandsAscending: 'Bands go up in weight: each band\'s upToGrams is above the one before',
  bandsNotAllowed: 'Only a weight method has bands',
  daysOrder: 'maxDays must be at least minDays',
  moneyInvalid: 'Must be an amount in dollars, at least 0, with at most two decimals',
  gramsInvalid: 'Must be a whole number of grams, at least 1',
  daysInvalid: 'Must be a whole number of days, 0 to 365',
  idInvalid: 'An id is 1 to 40 letters, digits, dashes or underscores',
  nameRequired: 'Enter a name',
  rateInvalid: 'A rate is a percentage from 0 to 100 with at most 3 decimals, e.g. 6.25',
  taxClassInvalid: 'The tax class is standard, reduced or zero',
  rateRepeated: (country: string, region: string, taxClass: string) =>
    `Two rates are for ${country}${region ? `-${region}` : ''} and the ${taxClass} class: keep one`,
  certificateRequired: 'Enter the exemption certificate number',
  expiresOnInvalid: 'Enter the expiry date as YYYY-MM-DD',
  accountNotFound: 'Account',
  shippingSaved: 'Shipping zones and methods saved',
  taxSaved: 'Tax rates saved',
  taxClassHint: "Which of a destination's tax rates the part pays (Tax page).",
  /** The admin's Shipping and Tax pages. */
  admin: {
    shippingTitle: 'Shipping',
    shippingIntro:
      'Zones (countries, optionally regions of one country, optionally postal-code patterns like 05*) and their methods: weight (bands by total grams, each up to and including upToGrams), flat or pickup, with optional freeOver (dollars) and maxGrams. The most specific zone that matches an address is used. Saving replaces the whole set; nothing is saved while an entry is wrong.',
    taxTitle: 'Tax',
    taxIntro:
      'Rates by country, optionally region, and tax class (standard, reduced, zero), in percent. A region rate wins over its country rate; no rate means no tax. shipping: true also taxes shipping at that standard rate. Saving replaces every rate.',
    editorLabel: 'The set as JSON',
    notJson: (detail: string) => `This is not JSON: ${detail}`,
    problemAt: (path: string, message: string) => (path ? `${path}: ${message}` : message),
    save: 'Save',
    saving: 'Saving…',
    reset: 'Undo changes',
    previewTitle: 'Preview',
    previewWeight: 'Weight (kg)',
    previewSubtotal: 'Goods subtotal ($)',
    previewCountry: 'Country',
    previewRegion: 'Region',
    previewPostalCode: 'Postal code',
    previewLine: (weight: string, destination: string, method: string, price: string, tax: string) => `A ${weight} order to ${destination}: ${method} ${price}, tax ${tax}`,
    previewNone: (weight: string, destination: string) => `A ${weight} order to ${destination}: no method reaches it`,
    previewFixFirst: 'Fix the problems above to preview',
  },
  taxClassNames: { standard: 'Standard', reduced: 'Reduced', zero: 'Zero-rated' },
  /** An order's charges as the invoice and the order e-mails write them: one wording, so the documents read alike. */
  charges: {
    subtotal: 'Subtotal',
    shipping: (method: string | null) => (method ? `Shipping (${method})` : 'Shipping'),
    /** A tax line: its rate's name and the rate ("Vermont sales tax (6%)"). */
    tax: (name: string, rate: string) => `${name} (${rate})`,
    total: 'Total',
    /**
     * A remanufactured part's refundable deposit, its own line wherever the part is priced: per unit on the
     * card and the part's page ("Core deposit, refundable: $25.00"), per line in the cart, the quote, the
     * invoice and the e-mails ("Core deposit, refundable: $25.00 × 2"). Dollars.
     */
    coreDeposit: (unitCharge: number, quantity?: number) =>
      `Core deposit, refundable: ${formatMoney(unitCharge)}${quantity === undefined ? '' : ` × ${formatQuantity(quantity)}`}`,
    vatId: (id: string) => `VAT ID: ${id}`,
    reverseCharge: 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)',
    taxExempt: (certificate: string) => `Tax exempt: resale/exemption certificate ${certificate}`,
  },
  /** The admin's users page: recording or ending a buyer's US resale or exemption certificate. */
  exemption: {
    title: 'Tax exemption',
    intro: "Record a buyer's resale or exemption certificate: until it expires (the day included) their orders carry no tax.",
    buyer: 'Buyer',
    chooseBuyer: 'Choose a buyer',
    certificate: 'Certificate number',
    expiresOn: 'Expires on',
    record: 'Record certificate',
    remove: 'Remove exemption',
    recorded: (email: string, expiresOn: string) => `Tax exemption recorded for ${email} until ${expiresOn}`,
    removed: (email: string) => `Tax exemption of ${email} removed`,
  },
} as const;

/** The menu entries of returns (the dashboard's menus are on every dashboard page; the rest of returns' text is in returns-copy.ts). */
export const returnsMenu = { myReturns: 'My returns', manageReturns: 'Returns', fitmentQuality: 'Fitment quality' } as const;

/** Returns (issue 61): the buyer's form and the staff's answers. */
export const returnMessages = {
  linesRequired: 'Choose at least one part to return',
  quantityWhole: 'Enter a whole number of units',
  quantityPositive: 'Return at least one unit',
  quantityNotNegative: 'Enter 0 or more units',
  reasonRequired: 'Choose why the part comes back',
  vehicleRequired: 'Name the vehicle the part did not fit',
  rejectReasonRequired: 'Say why the return is rejected',
  damagedAboveReceived: 'Damaged units cannot be more than the units received',
  statusInvalid: 'Must be requested, approved, rejected, received or refunded',
  /** 400: a line names a part the order does not have. */
  notOnOrder: (productId: number) => `Part ${productId} is not on this order`,
  /** 400: reason 'core' on a part without a core deposit. */
  noCore: (part: string) => `${part} carries no core deposit: there is no core to return`,
  /** 400: the vehicle named is not in the vehicle base. */
  vehicleUnknown: 'Choose the vehicle from your garage or the vehicle selector',
  /** 409: more than was shipped and not yet returned; `left` units (or cores) of it may still come back. */
  tooMany: (part: string, left: number, cores: boolean) => {
    const what = cores ? (left === 1 ? 'core' : 'cores') : left === 1 ? 'unit' : 'units';
    return left === 0 ? `No ${cores ? 'cores' : 'units'} of ${part} are left to return` : `Only ${left} ${what} of ${part} can still be returned`;
  },
  /** 409: the window (counted from the shipment that carried the line) has closed. */
  windowClosed: (part: string, days: number, cores: boolean) =>
    `${cores ? 'The core of ' : ''}${part} could be returned within ${days} days of its shipment: that time has passed`,
  /** 409: a move the return's status does not allow. */
  illegalMove: (from: string, to: string) => `A return that is '${from}' cannot become '${to}'`,
  /** 400: a received line names a part the return does not have, or more than was asked for. */
  notOnReturn: (productId: number) => `Part ${productId} is not on this return`,
  receivedAboveAsked: (part: string, asked: number) => `${part}: at most the ${asked} ${asked === 1 ? 'unit' : 'units'} asked for can be received`,
  /** 409: the refund would be more than is left of what was charged. */
  refundAboveCharged: 'This refund would be more than is left of what the order charged',
  /** 409: a credit note asked for before the return was refunded. */
  notRefunded: 'This return is not refunded yet: its credit note comes with the refund',
} as const;

/** Shipments (issue 61): the admin's Ship dialog, the buyer's list of parcels, and what the server refuses. */
export const shipmentMessages = {
  linesRequired: 'Ship at least one unit',
  quantityWhole: 'Enter a whole number of units',
  carrierRequired: 'Choose the carrier',
  trackingNumberRequired: 'Enter the tracking number',
  trackingUrlInvalid: 'Enter a link starting with http:// or https://',
  /** 409: the order is not paid, or already shipped whole, or cancelled. */
  beingCancelled: 'This order is being cancelled and refunded: it cannot ship',
  notShippable: (status: string) => `An order that is '${status}' cannot ship: only a paid order with units left to ship can`,
  /** 409: more than is left of a line; `left` units of it are still to ship. */
  overShipment: (part: string, left: number) =>
    left === 0 ? `${part} is shipped in full: no units are left to ship` : `Only ${left} ${left === 1 ? 'unit' : 'units'} of ${part} ${left === 1 ? 'is' : 'are'} left to ship`,
  /** 400: a line names a part the order does not have. */
  notOnOrder: (productId: number) => `Part ${productId} is not on this order`,
  // The admin's Manage Orders.
  ship: 'Ship',
  shipLabel: (number: string) => `Ship units of order ${number}`,
  dialogTitle: (number: string) => `Ship order ${number}`,
  dialogIntro: 'Each line starts with what is left to ship: lower it to ship part of it now.',
  quantityLabel: (sku: string, product: string, left: number) => `${sku} ${product} (${left} left)`,
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  trackingUrl: 'Tracking link (optional)',
  trackingUrlHint: 'Left empty, the carrier’s own tracking page is linked (none for Other).',
  submit: 'Record shipment',
  shippedToast: (number: string, shipment: string) => `Shipment ${shipment} of order ${number} is recorded`,
  packingSlip: (number: string) => `Packing slip ${number}`,
  packingSlipFile: (number: string) => `packing-slip-${number}.pdf`,
  // The buyer's My Orders and order page.
  shipmentsCaption: (number: string) => `Shipments of order ${number}`,
  shipmentHeading: (number: string, carrier: string) => `${number} · ${carrier}`,
  tracking: (trackingNumber: string) => `Tracking ${trackingNumber}`,
  noTracking: 'No tracking number',
  unitsOf: (quantity: number, sku: string, product: string) => `${quantity} × ${sku} ${product}`,
} as const;

/** Money going back (issue 61): refunds, credit notes, cancelling a paid order. */
export const refundMessages = {
  /** 409: the refund would give back more than was charged and not yet refunded. */
  tooLarge: (left: string) => `This refund is more than is left to refund of the order (${left})`,
  alreadyRecorded: 'This refund is already recorded',
  notPaid: 'This order was never paid: there is nothing to refund',
  /** 502: the payment provider did not give the money back; nothing was recorded. */
  providerFailed: (reason: string) => `The payment provider did not refund the money, so nothing was changed; try again later. (${reason})`,
  /** Cancelling a paid order: only an admin, only before anything shipped. */
  notCancellable: 'Only a paid order that has shipped nothing can be cancelled and refunded',
  creditNote: 'Credit note',
  creditNoteNumber: 'Credit note number',
  creditNoteDate: 'Credit note date',
  orderNumber: 'Order number',
  invoiceNumber: 'Invoice number',
  returnNumber: 'Return number',
  poNumber: 'PO number',
  billTo: 'BILL TO',
  refundedTitle: 'REFUNDED',
  coreDeposit: (product: string) => `Core deposit, refundable: ${product}`,
  shipping: 'Shipping',
  tax: 'Tax',
  total: 'Total refunded (USD)',
  refundedTo: (reference: string) => `Refunded to the payment ${reference}`,
  footer: (shop: string, number: string, page: number, pages: number) => `${shop} · Credit note ${number} · Page ${page} of ${pages}`,
  /** The buyer's e-mail. */
  mailSubject: (amount: string, order: string) => `Refund of ${amount} for order ${order}`,
  mailCancelled: (order: string) => `Your order ${order} is cancelled; the parts go back to stock.`,
  mailRefunded: (amount: string, order: string) => `We refunded ${amount} of your order ${order} to the card you paid with. It can take 5–10 days to show on your statement.`,
  mailCreditNote: (number: string) => `Your credit note ${number} is attached.`,
  /** Staff and buyer screens. */
  cancelAndRefund: 'Cancel and refund',
  confirmCancelAndRefund: (order: string, amount: string) =>
    `Cancel order ${order} and refund ${amount} to the buyer's card? The parts go back to stock. This cannot be undone.`,
  cancelledAndRefunded: (order: string, amount: string) => `Order ${order} is cancelled and ${amount} refunded`,
  refundsHeading: 'Refunds',
  refundLine: (amount: string, date: string) => `${amount} refunded on ${date}`,
  historyRefund: (amount: string, creditNote: string) => `Refunded ${amount} (credit note ${creditNote})`,
  downloadCreditNote: (number: string) => `Credit note ${number}`,
  creditNoteFile: (number: string) => `credit-note-${number}.pdf`,
} as const;
