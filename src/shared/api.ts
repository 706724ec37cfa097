/** The wire format of every answer: the original storefront's fields and names (docs/legacy-contract.md#fields), plus the shop's additions. */
import { z } from 'zod';
import { TAX_CLASSES } from './catalog.js';
import { PART_NUMBER_TYPES } from './fitment.js';
import { ORDER_ACTORS, ORDER_STATUSES } from './order-status.js';
import { REVIEW_FLAGS, REVIEW_STATUSES } from './review-status.js';

export { REVIEW_FLAGS, REVIEW_STATUSES, type ReviewFlag, type ReviewStatus } from './review-status.js';

export const vehicleSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  submodel: z.string(),
  engine: z.string(),
  /** The VCdb's ids of the vehicle (null: not known). */
  baseVehicleId: z.number().int().nullable(),
  makeId: z.number().int().nullable(),
  modelId: z.number().int().nullable(),
  subModelId: z.number().int().nullable(),
  engineBaseId: z.number().int().nullable(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** A part's application: the vehicles it fits (GET /api/products/:id/fitment). */
export const applicationSchema = z.object({
  yearFrom: z.number().int(),
  yearTo: z.number().int(),
  make: z.string(),
  model: z.string(),
  /** Empty: every submodel, every engine. */
  submodel: z.string(),
  engine: z.string(),
  qualifier: z.string(),
  position: z.string(),
  /** How many the vehicle takes (ACES Qty), and the PCdb part type id (null: not given). */
  quantity: z.number().int(),
  partTypeId: z.number().int().nullable(),
});
export type Application = z.infer<typeof applicationSchema>;

/** A number that leads to the part: the car maker's (OE), another brand's (interchange), or an old one of ours. */
export const productNumberSchema = z.object({ type: z.enum(PART_NUMBER_TYPES), brand: z.string(), number: z.string() });
export type ProductNumber = z.infer<typeof productNumberSchema>;

export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  description: z.string(),
  min: z.number().int(),
  stock: z.number().int(),
  /** Dollars per unit, up to two decimals. */
  price: z.number(),
  /** Our part number. */
  sku: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }),
  specs: z.array(z.object({ name: z.string(), value: z.string() })),
  /** False when archived: hidden from the shop, kept for its orders (only admins see it). */
  active: z.boolean(),
  numbers: z.array(productNumberSchema),
  /** Quantity price breaks, ascending: from `minQuantity` units on, `price` dollars per unit. */
  priceBreaks: z.array(z.object({ minQuantity: z.number().int(), price: z.number() })),
  /** Sold in multiples of this many units (1: any quantity). */
  packSize: z.number().int(),
  /** Low stock at or below this many units; null: the shop's default (LOW_STOCK_THRESHOLD). */
  reorderThreshold: z.number().int().nullable(),
  /** Shipping weight in whole grams; 0: not known. */
  weightGrams: z.number().int(),
  /** Which of a destination's tax rates the part pays: standard, reduced or zero. */
  taxClass: z.enum(TAX_CLASSES),
  /** The refundable core deposit per unit in dollars (remanufactured parts: back when the old unit is returned); 0: none. */
  coreCharge: z.number(),
  /** Only when the list was asked for a vehicle (`?vehicle=`): whether the part fits it, and how. */
  fitment: z.object({ fits: z.boolean(), qualifier: z.string(), position: z.string() }).optional(),
  /**
   * Only for a signed-in member of a company with a price list in force: what they pay per unit at the
   * part's minimum quantity (the lowest of the public tier and the list's price, src/shared/pricing.ts
   * memberPricing) and their tiers. Never in an answer anyone else may get.
   */
  yourPrice: z.number().optional(),
  yourPriceBreaks: z.array(z.object({ minQuantity: z.number().int(), price: z.number() })).optional(),
  /** Its buyers' reviews: the average to one decimal (null without any) and how many. */
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** GET /api/parts/lookup?number=: the current part any of its numbers leads to, and how it matched. */
export const partLookupSchema = z.object({
  product: productSchema,
  matchedAs: z.enum(['sku', ...PART_NUMBER_TYPES]),
  /** The number as the part has it (ours, or the car maker's as we list it). */
  number: z.string(),
});
export type PartLookup = z.infer<typeof partLookupSchema>;

/** GET /api/vehicles/vin/:vin: what the VIN says, and the vehicles of our base it may be. */
export const vinAnswerSchema = z.object({ vin: z.string(), year: z.number().int(), make: z.string(), vehicles: z.array(vehicleSchema) });
export type VinAnswer = z.infer<typeof vinAnswerSchema>;

/** A number of a part for sale close to one that nothing matched ("Did you mean …"): the number as the part lists it, and the part. */
export const numberSuggestionSchema = z.object({ number: z.string(), matchedAs: z.enum(['sku', ...PART_NUMBER_TYPES]), sku: z.string(), name: z.string() });
export type NumberSuggestion = z.infer<typeof numberSuggestionSchema>;

/**
 * POST /api/parts/resolve: each number typed in a quick order, and the part for sale it leads to (or null);
 * for a number nothing matched, the closest numbers (`suggestions`, empty for a match).
 */
export const partsResolvedSchema = z.array(
  z.object({
    number: z.string(),
    product: productSchema.nullable(),
    matchedAs: z.enum(['sku', ...PART_NUMBER_TYPES]).nullable(),
    suggestions: z.array(numberSuggestionSchema),
  }),
);
export type PartsResolved = z.infer<typeof partsResolvedSchema>;

export const categorySummarySchema = z.object({ slug: z.string(), name: z.string(), count: z.number().int() });
export type CategorySummary = z.infer<typeof categorySummarySchema>;

/** One recorded change of a product's price or stock (GET /api/products/:id/changes, admins). */
export const productChangeSchema = z.object({
  field: z.enum(['price', 'stock']),
  /** Dollars for a price, units for stock. */
  from: z.number(),
  to: z.number(),
  reason: z.enum(['edit', 'restock', 'import']),
  by: z.object({ name: z.string(), email: z.string() }),
  at: z.string(),
});
export type ProductChange = z.infer<typeof productChangeSchema>;

export const uploadAnswerSchema = z.object({ url: z.string() });

/** What a catalog import did, or would do with `dryRun=true`; any error means nothing was written. */
export const importReportSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(
    z.object({
      row: z.number().int(),
      column: z.string(),
      message: z.string(),
      /** The row's part number, when it gives one. */
      sku: z.string().optional(),
      /** The cell's text as the file has it, when the problem is one cell's. */
      value: z.string().optional(),
    }),
  ),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** A real import with problems (422): the report, and the error every refusal carries. */
export const importRefusedSchema = importReportSchema.extend({
  error: z.object({ code: z.literal('import_refused'), message: z.string() }),
});

/**
 * One row of a catalog CSV file that adds or changes a part: each field it sets, from the part's value
 * (null for a new part) to the file's, both written as people read them ("24.50", "1,250", the category's name).
 */
export const importRowChangeSchema = z.object({
  row: z.number().int(),
  /** The part number as the file gives it; empty for a new part whose number the shop generates. */
  sku: z.string(),
  action: z.enum(['create', 'update']),
  changes: z.array(z.object({ field: z.string(), from: z.string().nullable(), to: z.string() })),
});
export type ImportRowChange = z.infer<typeof importRowChangeSchema>;

/** The most rows a catalog import's report lists (`created` + `updated` count them all). */
export const IMPORT_LISTED_CHANGES_MAX = 1000;

/** What a catalog CSV import did, or would do with `dryRun=true` (POST /api/products/import): the counts, and which rows change what. */
export const productImportReportSchema = importReportSchema.extend({
  /** The first IMPORT_LISTED_CHANGES_MAX rows that add or change a part, in row order; unchanged rows are only counted. */
  changes: z.array(importRowChangeSchema),
  /** Every problem found: `errors` lists the first 1,000 of them. */
  errorCount: z.number().int(),
});
export type ProductImportReport = z.infer<typeof productImportReportSchema>;
export const productImportRefusedSchema = productImportReportSchema.extend({
  error: z.object({ code: z.literal('import_refused'), message: z.string() }),
});

/**
 * What an import of the trade's XML files did, or would do with `dryRun=true` (POST /api/fitment/import?format=aces,
 * POST /api/products/import?format=pies): counts of applications (ACES) or parts (PIES); `record` is the App id
 * or the Item's part number. Any error means nothing was written; `ignored` lists what was read past (a price
 * type the shop does not keep) and does not stop the import.
 */
export const tradeImportReportSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(z.object({ record: z.string(), message: z.string() })),
  ignored: z.array(z.object({ record: z.string(), message: z.string() })),
});
export type TradeImportReport = z.infer<typeof tradeImportReportSchema>;
export const tradeImportRefusedSchema = tradeImportReportSchema.extend({
  error: z.object({ code: z.literal('import_refused'), message: z.string() }),
});

export const productPageSchema = z.object({
  items: z.array(productSchema),
  nextCursor: z.string().nullable(),
  /** A search's better spelling, when some of its words are no words of the catalog but one typo from some ("headlight" for "headlgiht"); else null. */
  didYouMean: z.string().nullable(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

/** GET /api/admin/low-stock: a part for sale at or below its reorder threshold (its own, else the shop's default). */
export const lowStockItemSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  stock: z.number().int(),
  /** The threshold that applies: the part's own, or the default. */
  threshold: z.number().int(),
  min: z.number().int(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;

/** One line of an order: prices fixed when it was placed. */
export const orderLineSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  product: z.string(),
  quantity: z.number().int(),
  /** Dollars per unit as charged: the tier the quantity reached, else the list price. */
  unitPrice: z.number(),
  /** The product's base price when ordered; above `unitPrice` when a price break applied. */
  listPrice: z.number(),
  lineTotal: z.number(),
  /** Dollars per unit of refundable core deposit (0: none); the line's deposits are in the order's `coreDeposit`, not `lineTotal`. */
  coreCharge: z.number(),
  /** Units shipped so far, and units the buyer sent back that the shop received. */
  shippedQuantity: z.number().int(),
  returnedQuantity: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** One parcel of an order: which units of which lines, and how to follow it. */
export const shipmentSchema = z.object({
  id: z.string(),
  /** SHP-000001, from one gapless sequence. */
  number: z.string(),
  lines: z.array(z.object({ productId: z.string(), quantity: z.number().int() })),
  carrier: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** Money given back on an order, with its credit note (CN-000001, from one gapless sequence). */
export const refundSchema = z.object({
  id: z.string(),
  /** Dollars, tax and shipping included. */
  amount: z.number(),
  creditNote: z.string(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

/** An order's destination as it was when placed. */
export const shippingAddressAnswerSchema = z.object({
  name: z.string(),
  company: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
});

export const orderSchema = z.object({
  _id: z.string(),
  /** The shop's order number, shown to people (ORD-000042): the order's id, which only grows and is never reused. */
  number: z.string(),
  name: z.string(),
  email: z.string(),
  quantity: z.number().int(),
  contact: z.string(),
  address: z.string(),
  productId: z.string(),
  product: z.string(),
  /** The part number the order was placed for. */
  sku: z.string(),
  /** Unit price in dollars, fixed when the order was placed. */
  price: z.number(),
  /** What is charged, in dollars: subtotal + coreDeposit + shipping + tax. */
  total: z.number(),
  /** The goods: the sum of the lines' totals (price × quantity on a one-line order). */
  subtotal: z.number(),
  /** The lines' refundable core deposits (remanufactured parts), in dollars. */
  coreDeposit: z.number(),
  shipping: z.number(),
  tax: z.number(),
  /** The tax charged, per rate. */
  taxLines: z.array(z.object({ name: z.string(), rate: z.number(), amount: z.number() })),
  /** Where the parts go; null on orders placed before structured addresses (their `address` says it). */
  shippingAddress: shippingAddressAnswerSchema.nullable(),
  shippingMethod: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** EU reverse charge: no VAT charged, the buyer (`vatId`) accounts for it. */
  reverseCharge: z.boolean(),
  vatId: z.string().nullable(),
  /** The buyer's tax exemption certificate was valid when the order was placed: no tax charged. */
  taxExempt: z.boolean(),
  /**
   * Every order has lines; the original one-product fields above describe a one-line order exactly. On a longer
   * order `productId`, `sku` and `price` are its first line's, `product` names it and how many more
   * parts follow, and `quantity` counts every unit.
   */
  lines: z.array(orderLineSchema),
  /** The buyer's purchase order number ('' when none was given). */
  poNumber: z.string(),
  /** Given when the order is paid, from one gapless sequence. */
  invoiceNumber: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  /** The company it was placed for (its buyer a member), else null. */
  companyId: z.number().int().nullable(),
  /** Why the company's admin declined it ('awaiting approval' → cancelled), else null. */
  declineReason: z.string().nullable(),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  /** While unpaid: when the order expires and its parts go back to stock. */
  heldUntil: z.string().nullable().optional(),
  /** Its parcels, oldest first. */
  shipments: z.array(shipmentSchema),
  /** Money given back, oldest first, and its sum in dollars (never above `total`). */
  refunds: z.array(refundSchema),
  refunded: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;
/** A page of GET /api/orders (with `limit` or `cursor`); `total` counts every order the filters match, not only this page's. */
export const orderPageSchema = z.object({ items: z.array(orderSchema), nextCursor: z.string().nullable(), total: z.number().int() });
export type OrderPage = z.infer<typeof orderPageSchema>;

/** One line of a signed-in buyer's cart (GET/PUT /api/cart), with the part as the shop sells it now. */
export const cartLineSchema = z.object({
  productId: z.string(),
  quantity: z.number().int(),
  sku: z.string(),
  name: z.string(),
  img: z.string(),
  /** Dollars per unit at the tier this quantity reaches today. */
  unitPrice: z.number(),
  lineTotal: z.number(),
  min: z.number().int(),
  packSize: z.number().int(),
  stock: z.number().int(),
  /** Why this quantity cannot be ordered today (stock fell, the card limit), or null. */
  problem: z.string().nullable(),
});
export type CartLineAnswer = z.infer<typeof cartLineSchema>;
/** The signed-in buyer's cart: its lines in the order they were put in, and when it last changed (null: never). */
export const cartSchema = z.object({ lines: z.array(cartLineSchema), updatedAt: z.string().nullable() });
export type Cart = z.infer<typeof cartSchema>;

/** One line of an order's history: who moved it from which status to which, and when. */
export const orderEventSchema = z.object({
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES),
  actor: z.enum(ORDER_ACTORS),
  by: z.object({ name: z.string(), email: z.string() }).nullable(),
  at: z.string(),
  /** Only on a refund's line (its status stays: from = to). */
  refund: refundSchema.omit({ createdAt: true }).optional(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  phone: z.string(),
  address: z.string(),
  photoURL: z.string().nullable(),
  /** The owner proved the e-mail address is theirs (a link we sent, or Google). */
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** How many of the given reviews were hidden by a bulk hide (those already hidden are not counted). */
export const reviewsHiddenSchema = z.object({ hidden: z.number().int() });


export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Masked (j***@example.com) for everyone but admins: the review list is public. */
  email: z.string(),
  rating: z.enum(['1', '2', '3', '4', '5']),
  comment: z.string(),
  /** Hidden by an admin: kept, shown to admins only. */
  hidden: z.boolean(),
  /** Moderation (issue 62): only published reviews are shown; `hidden` is `status === 'hidden'`. */
  status: z.enum(REVIEW_STATUSES),
  createdAt: z.string(),
  /** Only on a review of a part (the admins' list holds both kinds): the part, and the review's title. */
  productId: z.string().optional(),
  title: z.string().optional(),
  /** Admins only: what the moderation queue shows as badges (src/shared/review-flags.ts). */
  flags: z.array(z.enum(REVIEW_FLAGS)).optional(),
});
export type Review = z.infer<typeof reviewSchema>;

export const contactMessageSchema = z.object({
  _id: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** Read by an admin (or marked read). */
  read: z.boolean(),
  /** When an admin last replied through the shop's e-mail, or null. */
  repliedAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });

/** One signed-in browser or client of the account (GET /api/auth/sessions). */
export const sessionSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  userAgent: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const adminFlagSchema = z.object({ admin: z.boolean() });
export type AdminFlag = z.infer<typeof adminFlagSchema>;

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

// ---- Payments ---------------------------------------------------------------

export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Which card processor this shop uses: Stripe (with its publishable key) or the built-in test processor. */
export const paymentsConfigSchema = z.object({ provider: z.enum(PAYMENT_PROVIDERS), publishableKey: z.string().nullable() });
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/** The payment intent of an unpaid order; `amount` in dollars, computed by the server from the order. */
export const paymentIntentAnswerSchema = z.object({ clientSecret: z.string(), amount: z.number() });
export type PaymentIntentAnswer = z.infer<typeof paymentIntentAnswerSchema>;

/** The built-in test processor's answer, shaped like Stripe.js's confirmCardPayment result. */
export const confirmedPaymentSchema = z.object({
  paymentIntent: z.object({ id: z.string(), status: z.string(), amount: z.number() }),
});
export type ConfirmedPayment = z.infer<typeof confirmedPaymentSchema>;

export const PAYMENT_STATUSES = ['created', 'succeeded', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** One payment as admins see it (GET /api/payments). */
export const paymentRecordSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  intentId: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

export const webhookAnswerSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['processed', 'duplicate', 'refunded', 'ignored']),
});

// ---- Google sign-in and the audit log ----------------------------------------

export const googleStatusSchema = z.object({ configured: z.boolean() });
export type GoogleStatus = z.infer<typeof googleStatusSchema>;

/** The one-time code traded for a session: a password login's answer plus where to go back to. */
export const googleExchangeAnswerSchema = authResponseSchema.extend({ returnTo: z.string() });
export type GoogleExchangeAnswer = z.infer<typeof googleExchangeAnswerSchema>;

export const AUDIT_ACTIONS = [
  'product.create',
  'product.update',
  'product.archive',
  'product.restore',
  'product.restock',
  'product.import',
  'product.remove',
  'user.promote',
  'user.demote',
  'user.remove',
  'review.hide',
  'review.delete',
  'company.approve',
  'company.decline',
  'priceList.save',
  'priceList.import',
  'priceList.remove',
  'search.synonyms',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  action: z.enum(AUDIT_ACTIONS),
  target: z.string(),
  by: z.object({ name: z.string(), email: z.string() }),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** One e-mail the shop wrote, rendered (GET /api/admin/outbox, admins, outside production). */
export const outboxEntrySchema = z.object({
  _id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The HTML part, as the recipient's mail program gets it (shown in a sandboxed frame, never in the page). */
  html: z.string(),
  status: z.string(),
  attempts: z.number(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** A product's orders that removing it would touch (GET /api/products/:id/open-orders, admins). */
export const openOrdersSchema = z.object({ unpaid: z.number().int(), toShip: z.number().int() });
export type OpenOrders = z.infer<typeof openOrdersSchema>;

/**
 * The home page's business summary (GET /api/summary, public). With HOME_FIGURES=live the shop's own figures:
 * its visible reviews, their average rating (one decimal) and the percent of orders placed that were paid;
 * otherwise `live: false` and zeros, and the page shows its written figures.
 */
export const homeSummarySchema = z.object({
  live: z.boolean(),
  reviews: z.number().int(),
  averageRating: z.number(),
  ordersCompleted: z.number().int().min(0).max(100),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
