/**
 * Input rules, written once: the server validates request bodies with these schemas and the
 * browser's forms use the very same ones (react-hook-form + zodResolver).
 */
import { z } from 'zod';
import { checkoutMessages, errorMessages, messages, shipmentMessages } from './messages.js';
import { hasAtMostTwoDecimals } from './money.js';
import {
  CATEGORY_SLUGS,
  PART_NUMBER_MAX,
  PART_NUMBER_PATTERN,
  PRODUCT_SORTS,
  SPEC_NAME_MAX,
  SPEC_VALUE_MAX,
  SPECS_MAX,
  TAX_CLASSES,
} from './catalog.js';
import { FIRST_YEAR, POSITIONS } from './fitment.js';
import { hasValidCheckDigit, VIN_PATTERN } from './vin.js';
import { ORDER_STATUS_FILTERS, ORDER_STATUSES } from './order-status.js';
import { CARRIERS, hasTrackingTemplate } from './shipments.js';
import { isCalendarDate } from './dates.js';
import { REVIEW_STATUSES } from './review-status.js';

const v = messages.validation;

export const fieldMessages = {
  phoneInvalid: 'Provide a valid Phone Number',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  productNameRequired: 'Product Name is required',
  productDescriptionRequired: 'Product Description is required',
  priceRequired: 'Price is required',
  pricePositive: 'Price must be a positive amount in dollars, at most two decimals',
  stockRequired: 'Available Stock is required',
  minRequired: 'Minimum Order Quantity is required',
  minPositive: 'Minimum Order Quantity must be a whole number of 1 or more',
  minAboveStock: 'Minimum Order Quantity cannot be more than the Available Stock',
  imageRequired: 'Product Image is required',
  imageInvalid: 'Product Image must be an http(s) link or a path like /images/part.svg',
  quantityWhole: v.quantityWhole,
  ratingInvalid: 'Rating must be 1 to 5',
  reviewModerationShape: 'Give the review either a status (pending, published or hidden) or hidden (true or false)',
  reviewStatusInvalid: 'Status must be pending, published or hidden',
  commentRequired: 'Comment is required',
  messageRequired: 'Message is required',
  idInvalid: 'Must be an id',
  cursorInvalid: 'Must be a cursor from a previous page',
  skuInvalid: 'Part Number may hold letters, digits, spaces, dots, dashes and slashes',
  skuTaken: (sku: string, name: string) => `Part Number ${sku} is already used by ${name}`,
  skuTakenRace: 'This Part Number is already used by another part',
  skuRepeated: (sku: string) => `Part Number ${sku} is given twice`,
  categoryInvalid: 'Choose one of the categories',
  specNameRequired: 'Spec name is required',
  specValueRequired: 'Spec value is required',
  specNameInvalid: 'A spec name cannot contain ":" or ";"',
  specValueInvalid: 'A spec value cannot contain ";"',
  specsTooMany: (max: number) => `At most ${max} specs`,
  specNamesRepeat: 'Each spec name once',
  stockNotNegative: 'Available Stock must be a whole number of 0 or more',
  nothingToChange: 'Nothing to change',
  restockRequired: 'Units to add are required',
  restockPositive: 'Units to add must be a whole number of 1 or more',
  stockAboveMax: 'Stock cannot go above 1,000,000,000 units',
  booleanInvalid: 'Must be true or false',
  sortInvalid: 'Sort by newest, price, -price or name',
  statusInvalid: 'Must be active, archived or all',
  yearInvalid: 'Year must be a model year like 2015',
  numberTypeInvalid: 'Type must be oe, interchange or superseded',
  numbersTooMany: (max: number) => `At most ${max} numbers`,
  makeRequired: errorMessages.fitmentImport.makeRequired,
  modelRequired: errorMessages.fitmentImport.modelRequired,
  yearsReversed: 'Year To must be the same as Year From or later',
  positionInvalid: errorMessages.fitmentImport.positionInvalid(POSITIONS.filter((p) => p !== '')),
  applicationRepeated: 'This vehicle is already listed above',
  applicationsTooMany: (max: number) => `At most ${max} vehicle applications`,
  categoryRequired: 'Choose a category',
  vinInvalid: 'A VIN has 17 letters and digits (no I, O or Q)',
  vinCheckDigit: 'This VIN is mistyped: its check digit (the 9th character) does not match',
  numberRequired: 'Enter a part number',
  kindInvalid: 'Kind must be applications or numbers',
  importKindInvalid: 'Kind must be applications, numbers or vcdb',
  formatInvalid: (format: string) => `Format must be ${format}`,
  kindOrFormat: 'Send either kind (a CSV file) or format (an XML file), not both',
  numberRepeated: (type: string, number: string) => `The ${type} ${number} is listed twice`,
  linesRequired: 'Add at least one part to the order',
  linesTooMany: (max: number) => `At most ${max} lines in one order`,
  linesRepeat: 'Each part once: change its quantity instead',
  linesOrProduct: 'Send either lines or productId and quantity, not both',
  packSizeInvalid: 'Pack Size must be a whole number of 1 or more',
  weightInvalid: 'Weight must be a whole number of grams, 0 or more (at most 10,000,000)',
  coreChargeInvalid: 'Core Charge must be an amount in dollars, 0 or more, at most two decimals (0: no core deposit)',
  reorderThresholdInvalid: "Reorder Threshold must be a whole number of 0 or more, or empty for the shop's default",
  priceBreakQuantity: 'A price break starts at a quantity of 2 or more',
  priceBreakPrice: 'A price break price must be a positive amount in dollars, at most two decimals',
  priceBreaksOrder: 'Each price break needs a larger quantity and a lower price than the one before',
  priceBreakBelowPrice: 'A price break must be lower than the Price',
  priceBreaksTooMany: (max: number) => `At most ${max} price breaks`,
  numberStillCurrent: (number: string, name: string) =>
    `Part Number ${number} is still used by ${name}, a part for sale: only a number no part for sale has can be superseded`,
  dateInvalid: 'Dates are YYYY-MM-DD',
  periodOrder: 'From must not be after To',
  periodTooLong: (max: number) => `A period is at most ${max} days`,
  orderStatusInvalid: `Status must be one of: ${ORDER_STATUS_FILTERS.join(', ')}`,
  orderSortInvalid: 'Sort by newest, oldest, total or -total',
} as const;

/** A required, trimmed text field: `required` when empty or absent, a length cap against abuse. */
export function requiredText(required: string, max: number) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, fieldMessages.tooLong(max));
}

// Dots, plus signs, sub-domains and long TLDs are all fine; the address is stored lower-case.
const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,63}$/;

export const emailSchema = z
  .string({ error: v.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: v.emailRequired, abort: true })
  .max(254, v.emailInvalid)
  .regex(EMAIL_PATTERN, v.emailInvalid);

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const passwordSchema = z
  .string({ error: v.passwordRequired })
  .min(1, { error: v.passwordRequired, abort: true })
  .min(6, v.passwordTooShort)
  .max(200, fieldMessages.tooLong(200));

/**
 * A person's name goes into e-mails the shop sends (to addresses not yet proven, too), where a line break
 * starts text of its own and a mail reader makes a link of an address: so one line, and nothing a reader
 * would link (a scheme, `www.`, or a word.word domain; initials like "J.R.R." and "Dr. Jo" stay fine).
 */
const NOT_ONE_LINE = /[\p{Cc}\p{Zl}\p{Zp}]/u;
const LINK_LIKE = /:\/\/|www\.|[\p{L}\p{N}_-]{2,}\.\p{L}{2,}/iu;
export const nameSchema = requiredText(v.nameRequired, 100).refine(
  (name) => !NOT_ONE_LINE.test(name) && !LINK_LIKE.test(name),
  errorMessages.nameNotPlain,
);

export const phoneSchema = requiredText(v.phoneRequired, 40).regex(
  /^\+?[0-9()\-.\s]{5,}$/,
  fieldMessages.phoneInvalid,
);
export const registerSchema = z.object({ name: nameSchema, email: emailSchema, password: passwordSchema });
export const loginSchema = z.object({ email: emailSchema, password: passwordSchema });

/** A single-use token from an e-mail link. */
const linkTokenSchema = z.string().trim().min(1).max(200);

export const passwordChangeSchema = z.object({ currentPassword: passwordSchema, newPassword: passwordSchema });
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export const passwordResetConfirmSchema = z.object({ token: linkTokenSchema, password: passwordSchema });
export const verifyEmailSchema = z.object({ token: linkTokenSchema });

/** The reset page's form: the new password, typed twice (the server is sent `{ token, password }`). */
export const newPasswordTwiceSchema = z
  .object({ password: passwordSchema, passwordAgain: z.string() })
  .refine((input) => input.password === input.passwordAgain, { path: ['passwordAgain'], message: messages.ui.passwordsDiffer });

/** Profile: every field optional; an empty phone or address clears it. */
export const profileUpdateSchema = z.object({
  name: nameSchema.optional(),
  phone: z.union([z.literal(''), phoneSchema]).optional(),
  address: z.string().trim().max(500, fieldMessages.tooLong(500)).optional(),
});

/** Ids are 32-bit integers on both databases. */
const MAX_ID = 2_147_483_647;

/**
 * Ids on the wire are strings of a positive integer (an old client sends them as `_id` strings), or numbers.
 * Typed `string | number` on the way in (z.coerce alone would type it `unknown` for the browser).
 */
export const idSchema = z.union([z.string(), z.number()], { error: fieldMessages.idInvalid }).pipe(
  z.coerce
    .number<string | number>({ error: fieldMessages.idInvalid })
    .int(fieldMessages.idInvalid)
    .positive(fieldMessages.idInvalid)
    .max(MAX_ID, fieldMessages.idInvalid),
);

// ---- Orders ---------------------------------------------------------------


/**
 * A quantity is a whole number; whether it is too low or too high is the product's to say (its min and
 * stock, with the original messages (docs/legacy-contract.md#quantity), whatever number was typed: 0, -10 or 99999999999999).
 */
export const quantityNumber = z.number({ error: v.quantityRequired }).refine(Number.isInteger, fieldMessages.quantityWhole);

/** At most this many lines in one order. */
export const ORDER_LINES_MAX = 200;

export const orderLineInputSchema = z.object({ productId: idSchema, quantity: quantityNumber });
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

export const orderLinesSchema = z
  .array(orderLineInputSchema)
  .min(1, fieldMessages.linesRequired)
  .max(ORDER_LINES_MAX, fieldMessages.linesTooMany(ORDER_LINES_MAX))
  .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, fieldMessages.linesRepeat);

/**
 * PUT /api/cart: the whole cart as the buyer has it now (empty: an empty cart). Each part once, at most as many
 * lines as one order takes, so the cart can always be ordered as it is.
 */
export const cartInputSchema = z.object({
  lines: z
    .array(orderLineInputSchema)
    .max(ORDER_LINES_MAX, fieldMessages.linesTooMany(ORDER_LINES_MAX))
    .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, fieldMessages.linesRepeat),
});
export type CartInput = z.infer<typeof cartInputSchema>;

/** The buyer's purchase order number, printed on the invoice. */
export const poNumberSchema = z.string().trim().max(50, fieldMessages.tooLong(50));


/** Quick order: the numbers as typed (ours, OE, interchange or superseded) with their quantities. */
export const QUICK_ORDER_LINES_MAX = 500;
export const partsResolveSchema = z.object({
  numbers: z.array(z.string().max(PART_NUMBER_MAX * 2, fieldMessages.tooLong(PART_NUMBER_MAX * 2))).min(1, fieldMessages.numberRequired).max(QUICK_ORDER_LINES_MAX, fieldMessages.linesTooMany(QUICK_ORDER_LINES_MAX)),
});

/** The two-faced PATCH /api/orders/:id (docs/legacy-contract.md#two-faced-patch): a delivery (`status: 'shipped'`) or a payment report (`transactionId`). */
export const orderPatchSchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  transactionId: z.string().trim().min(1).max(255).optional(),
});

/** Whether a link is a web page's: http(s) only, so that a link shown to buyers cannot run script. */
const isWebLink = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

/**
 * POST /api/orders/:id/shipments: which units of which lines go in this parcel, with whom, and how to follow
 * it. Without `trackingUrl` the carrier's template makes the link (shared/carriers.ts); 'Other' needs no
 * tracking number.
 */
export const shipmentRequestSchema = z
  .object({
    lines: z
      .array(
        z.object({
          productId: idSchema,
          quantity: z.number({ error: shipmentMessages.quantityWhole }).int(shipmentMessages.quantityWhole).positive(shipmentMessages.linesRequired),
        }),
      )
      .min(1, shipmentMessages.linesRequired)
      .max(ORDER_LINES_MAX, fieldMessages.linesTooMany(ORDER_LINES_MAX))
      .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, fieldMessages.linesRepeat),
    carrier: z.enum(CARRIERS, { error: shipmentMessages.carrierRequired }),
    trackingNumber: z.string().trim().max(64, fieldMessages.tooLong(64)).default(''),
    trackingUrl: z
      .string()
      .trim()
      .max(500, fieldMessages.tooLong(500))
      .refine((url) => url === '' || isWebLink(url), shipmentMessages.trackingUrlInvalid)
      .optional(),
  })
  .superRefine((shipment, ctx) => {
    if (hasTrackingTemplate(shipment.carrier) && shipment.trackingNumber === '') {
      ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: shipmentMessages.trackingNumberRequired });
    }
  });
export type ShipmentRequest = z.infer<typeof shipmentRequestSchema>;

/**
 * The admin's Ship dialog: each line's units as typed (0 or empty: not in this parcel), next to what is left
 * of it, and the carrier's fields as typed; it sends the lines with units, as POST /api/orders/:id/shipments takes them.
 */
export const shipmentFormSchema = z
  .object({
    lines: z.array(
      z.object({
        productId: z.string(),
        /** The part's number and name, and its units left to ship: the message of a quantity above them names them. */
        part: z.string(),
        left: z.number(),
        quantity: z.string().trim().regex(/^\d*$/, shipmentMessages.quantityWhole),
      }),
    ),
    carrier: z.enum(CARRIERS, { error: shipmentMessages.carrierRequired }),
    trackingNumber: z.string(),
    trackingUrl: z.string(),
  })
  .superRefine(({ lines }, ctx) => {
    lines.forEach((line, index) => {
      if (Number(line.quantity) > line.left) ctx.addIssue({ code: 'custom', path: ['lines', index, 'quantity'], message: shipmentMessages.overShipment(line.part, line.left) });
    });
  })
  .transform(({ lines, ...carrier }): z.input<typeof shipmentRequestSchema> => ({
    ...carrier,
    lines: lines.filter((line) => Number(line.quantity) > 0).map((line) => ({ productId: Number(line.productId), quantity: Number(line.quantity) })),
  }))
  .pipe(shipmentRequestSchema);

// ---- Payments and Google sign-in --------------------------------------------

/** An old client's `totalPrice` is ignored: the server computes the amount from the order. */
export const paymentIntentRequestSchema = z.object({ orderId: idSchema });

export const testPaymentConfirmSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  card: z.object({ number: z.string().max(40), expiry: z.string().max(10), cvc: z.string().max(10) }),
});

export const googleExchangeRequestSchema = z.object({ code: z.string().min(1).max(200) });

// ---- Products -------------------------------------------------------------

/**
 * The add-product form sends text inputs; accept numbers or numeric strings, never silently truncate.
 * Typed `string | number` on the way in (a bare z.preprocess would type it `unknown` for the browser).
 */
export function numberFromInput(required: string, invalid: string) {
  const error = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? required : invalid);
  return z.union([z.string(), z.number()], { error }).pipe(
    z.preprocess((value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value.trim())) : value), z.number({ error })),
  );
}

export const wholePositive = (required: string, invalid: string) =>
  numberFromInput(required, invalid).pipe(z.number().int(invalid).positive(invalid).max(1_000_000_000, invalid));

const IMAGE_PATH = /^\/(images|uploads)\/[A-Za-z0-9/_.-]+\.(svg|png|jpe?g|webp|gif)$/;

export const imageSchema = requiredText(fieldMessages.imageRequired, 2000).refine((img) => {
  if (IMAGE_PATH.test(img) && !img.includes('..')) return true;
  try {
    const url = new URL(img);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}, fieldMessages.imageInvalid);

export const priceSchema = numberFromInput(fieldMessages.priceRequired, fieldMessages.pricePositive).pipe(
  z
    .number()
    .positive(fieldMessages.pricePositive)
    .max(1_000_000, fieldMessages.pricePositive)
    .refine(hasAtMostTwoDecimals, fieldMessages.pricePositive),
);

/** Stock never goes above this (a restock that would is refused): it keeps every sum inside a 32-bit integer. */
export const STOCK_MAX = 1_000_000_000;

/** An optional form field left empty is the same as one not sent. */
export const emptyAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

export const skuSchema = z
  .string({ error: fieldMessages.skuInvalid })
  .trim()
  .max(PART_NUMBER_MAX, fieldMessages.tooLong(PART_NUMBER_MAX))
  .regex(PART_NUMBER_PATTERN, fieldMessages.skuInvalid);

export const categorySchema = z.enum(CATEGORY_SLUGS, { error: fieldMessages.categoryInvalid });

export const taxClassSchema = z.enum(TAX_CLASSES, { error: checkoutMessages.taxClassInvalid });

export const specSchema = z.object({
  name: requiredText(fieldMessages.specNameRequired, SPEC_NAME_MAX).refine((name) => !/[:;]/.test(name), fieldMessages.specNameInvalid),
  value: requiredText(fieldMessages.specValueRequired, SPEC_VALUE_MAX).refine((value) => !value.includes(';'), fieldMessages.specValueInvalid),
});

export const specsSchema = z
  .array(specSchema)
  .max(SPECS_MAX, fieldMessages.specsTooMany(SPECS_MAX))
  .refine((specs) => new Set(specs.map((s) => s.name.toLowerCase())).size === specs.length, fieldMessages.specNamesRepeat);

const yearSchema = z.coerce
  .number({ error: fieldMessages.yearInvalid })
  .int(fieldMessages.yearInvalid)
  .min(FIRST_YEAR, fieldMessages.yearInvalid)
  .max(2100, fieldMessages.yearInvalid);


// ---- Page cursors ------------------------------------------------------------

/** Ids and amounts in cents are 32-bit integer columns in both databases: a cursor's numbers must fit them. */
const INT4_MAX = 2_147_483_647;
const cursorId = z.number().int().min(1).max(INT4_MAX);
const cursorCents = z.number().int().min(0).max(INT4_MAX);
/** A text key is compared with a text column: PostgreSQL's text cannot hold NUL, and no name is longer. */
const cursorText = z.string().max(200).refine((text) => !text.includes('\u0000'));

/**
 * What each keyset order's cursor carries: the order's name, then the previous page's last sort key and its
 * id. A cursor is read with its list's order, so one written for another order, with a key of the wrong
 * type or a number no column holds, is refused (400) before it reaches SQL.
 */
export const CURSOR_KEYS = {
  /** Products by price, cheapest or dearest first. */
  price: z.tuple([cursorCents, cursorId]),
  '-price': z.tuple([cursorCents, cursorId]),
  /** Products by name. */
  name: z.tuple([cursorText, cursorId]),
  /** Orders by id: the id twice. */
  newest: z.tuple([cursorId, cursorId]),
  oldest: z.tuple([cursorId, cursorId]),
  /** Orders by total, smallest or largest first. */
  total: z.tuple([cursorCents, cursorId]),
  '-total': z.tuple([cursorCents, cursorId]),
  /** Products by their reviews' average, best first. */
  rating: z.tuple([z.number().min(0).max(5), cursorId]),
  /** A part's reviews, verified first (1, then 0), newest first. */
  review: z.tuple([z.number().int().min(0).max(1), cursorId]),
} as const;
export type CursorKind = keyof typeof CURSOR_KEYS;
export type CursorKey<K extends CursorKind> = z.output<(typeof CURSOR_KEYS)[K]>;

/** The cursor of a page of the `kind` order that continues after `key` (base64url of JSON: opaque to clients). */
export function encodeCursor<K extends CursorKind>(kind: K, key: CursorKey<K>): string {
  const bytes = new TextEncoder().encode(JSON.stringify([kind, ...key]));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The key a cursor carries when it is one `encodeCursor` wrote for the `kind` order; undefined for anything else. */
export function decodeCursor<K extends CursorKind>(kind: K, cursor: string): CursorKey<K> | undefined {
  try {
    const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (!Array.isArray(value) || value[0] !== kind) return undefined;
    const key = CURSOR_KEYS[kind].safeParse(value.slice(1));
    return key.success ? (key.data as CursorKey<K>) : undefined;
  } catch {
    // not base64, not UTF-8 or not JSON: not a cursor we wrote
    return undefined;
  }
}

/** A cursor as a query parameter: base64url (a name's key of many-byte characters makes a long one). */
export const cursorParameter = z.string().regex(/^[A-Za-z0-9_-]{1,1000}$/, fieldMessages.cursorInvalid).optional();

/** Catalog pages: `cursor` is the `nextCursor` of the page before (opaque; a number for the newest-first list). */
export const PRODUCT_PAGE_SIZE = { default: 24, max: 100 } as const;

export const productListQuerySchema = z.object({
  q: z.string().trim().max(100, fieldMessages.tooLong(100)).optional(),
  category: emptyAsAbsent(categorySchema),
  inStock: z.enum(['true', 'false'], { error: fieldMessages.booleanInvalid }).optional(),
  sort: z.enum(PRODUCT_SORTS, { error: fieldMessages.sortInvalid }).optional(),
  /** Only the parts that fit this vehicle, each with how it fits; with `fitsOnly=false` every part, saying whether it fits. */
  vehicle: idSchema.optional(),
  fitsOnly: z.enum(['true', 'false'], { error: fieldMessages.booleanInvalid }).optional(),
  limit: z.coerce.number().int().min(1).max(PRODUCT_PAGE_SIZE.max).optional(),
  cursor: cursorParameter,
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

/** GET /api/categories counts within the list's other filters: a search, in stock, the parts that fit a vehicle. */
export const categoryCountQuerySchema = productListQuerySchema.pick({ q: true, inStock: true, vehicle: true, fitsOnly: true });
export type CategoryCountQuery = z.output<typeof categoryCountQuerySchema>;

/** The admin's table also lists archived parts. */
export const PRODUCT_STATUSES = ['active', 'archived', 'all'] as const;
export const adminProductListQuerySchema = productListQuerySchema.extend({
  status: z.enum(PRODUCT_STATUSES, { error: fieldMessages.statusInvalid }).optional(),
});
export type AdminProductListQuery = z.output<typeof adminProductListQuerySchema>;

// ---- Vehicles and fitment ---------------------------------------------------

export const vehicleQuerySchema = z.object({
  year: yearSchema.optional(),
  make: z.string().trim().min(1).max(60, fieldMessages.tooLong(60)).optional(),
  model: z.string().trim().min(1).max(60, fieldMessages.tooLong(60)).optional(),
});

export const vinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(VIN_PATTERN, fieldMessages.vinInvalid)
  .refine(hasValidCheckDigit, fieldMessages.vinCheckDigit);

export const partLookupQuerySchema = z.object({ number: requiredText(fieldMessages.numberRequired, PART_NUMBER_MAX) });

export const FITMENT_IMPORT_KINDS = ['applications', 'numbers'] as const;
export const fitmentTransferQuerySchema = z.object({
  kind: z.enum(FITMENT_IMPORT_KINDS, { error: fieldMessages.kindInvalid }).optional(),
  dryRun: z.enum(['true', 'false'], { error: fieldMessages.booleanInvalid }).optional(),
  bom: z.enum(['true', 'false'], { error: fieldMessages.booleanInvalid }).optional(),
});

/** The trade's XML files: ACES for applications, PIES for products (a file of each kind, `content-type: application/xml`). */
const tradeFormat = <F extends string>(format: F) => z.enum([format], { error: fieldMessages.formatInvalid(format) });
const dryRunFlag = z.enum(['true', 'false'], { error: fieldMessages.booleanInvalid }).optional();

/** POST /api/fitment/import: a CSV file of a kind (the VCdb ids of our vehicles too), or an ACES file. */
export const fitmentImportQuerySchema = z
  .object({
    kind: z.enum([...FITMENT_IMPORT_KINDS, 'vcdb'], { error: fieldMessages.importKindInvalid }).optional(),
    format: tradeFormat('aces').optional(),
    dryRun: dryRunFlag,
  })
  .refine((query) => query.kind === undefined || query.format === undefined, { path: ['format'], message: fieldMessages.kindOrFormat });
/** POST /api/products/import: the catalog CSV, or a PIES file. */
export const productImportQuerySchema = z.object({ format: tradeFormat('pies').optional(), dryRun: dryRunFlag });
export const acesExportQuerySchema = z.object({ format: tradeFormat('aces') });
export const piesExportQuerySchema = z.object({ format: tradeFormat('pies') });

// ---- Sales overview ---------------------------------------------------------

/** A day on the shop's calendar (SHOP_TIME_ZONE): 2024-03-10. */
export const calendarDateSchema = z
  .string({ error: fieldMessages.dateInvalid })
  // abort: a period is not checked between dates that are not dates
  .refine(isCalendarDate, { error: fieldMessages.dateInvalid, abort: true });

/** The longest period one call covers: twelve months and then some (the previous period is a second call). */
export const SALES_PERIOD_MAX_DAYS = 400;

// ---- Manage All Orders -------------------------------------------------------

/** Pages of orders: `cursor` is the `nextCursor` of the page before (opaque). */
export const ORDER_PAGE_SIZE = { default: 25, max: 200 } as const;
export const ORDER_SORTS = ['newest', 'oldest', 'total', '-total'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

const orderPaging = {
  limit: z.coerce.number().int().min(1).max(ORDER_PAGE_SIZE.max).optional(),
  cursor: cursorParameter,
};
/** My Orders (GET /api/orders/:email), newest first: paged with `limit` or `cursor`, else the whole array (docs/legacy-contract.md#old-clients). */
export const myOrdersQuerySchema = z.object(orderPaging);

/**
 * GET /api/orders and its CSV export: `q` is an order id, a customer's name or e-mail, a part number or a PO
 * number; `from` and `to` (both included, on the shop's calendar) bound the day the order was placed.
 */
const orderFilters = z.object({
  q: z.string().trim().max(100, fieldMessages.tooLong(100)).optional(),
  status: emptyAsAbsent(z.enum(ORDER_STATUS_FILTERS, { error: fieldMessages.orderStatusInvalid })),
  from: emptyAsAbsent(calendarDateSchema),
  to: emptyAsAbsent(calendarDateSchema),
  sort: emptyAsAbsent(z.enum(ORDER_SORTS, { error: fieldMessages.orderSortInvalid })),
  /** One company's orders only (staff: Manage All Orders; a company's own list fixes it to its id). */
  companyId: emptyAsAbsent(idSchema),
});
const fromNotAfterTo = ({ from, to }: { from?: string; to?: string }) => !from || !to || from <= to;
const periodOrder = { path: ['from'], message: fieldMessages.periodOrder };
export const orderListQuerySchema = orderFilters.extend(orderPaging).refine(fromNotAfterTo, periodOrder);
export type OrderListQuery = z.output<typeof orderListQuerySchema>;
/** The export takes the list's filters and order, not its paging. */
export const orderExportQuerySchema = orderFilters
  .extend({ bom: z.enum(['true', 'false'], { error: fieldMessages.booleanInvalid }).optional() })
  .refine(fromNotAfterTo, periodOrder);

// ---- Reviews and contact --------------------------------------------------

export const RATINGS = ['5', '4', '3', '2', '1'] as const;

/** The review list answers the newest reviews, at most this many. */
export const REVIEW_LIST_MAX = 100;
export const reviewListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(REVIEW_LIST_MAX).optional(),
});

export const reviewInputSchema = z.object({
  rating: z
    .union([z.enum(RATINGS), z.number().int().min(1).max(5)], { error: fieldMessages.ratingInvalid })
    .transform(Number),
  comment: requiredText(fieldMessages.commentRequired, 2000),
});

/**
 * PATCH /api/review/:id: the review's new `status`, or as before `hidden` (true is 'hidden', false
 * 'published'); exactly one of them.
 */
export const reviewModerationSchema = z
  .object({ status: z.enum(REVIEW_STATUSES).optional(), hidden: z.boolean().optional() })
  .refine((body) => (body.status === undefined) !== (body.hidden === undefined), { message: fieldMessages.reviewModerationShape, path: ['status'] });
export type ReviewModeration = z.output<typeof reviewModerationSchema>;
/** The status a moderation body asks for. */
export const moderationStatus = (body: ReviewModeration) => body.status ?? (body.hidden ? 'hidden' : 'published');

/** GET /api/admin/reviews: the moderation queue's filters. */
export const adminReviewQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: fieldMessages.reviewStatusInvalid }).optional(),
  rating: z.coerce.number({ error: fieldMessages.ratingInvalid }).int(fieldMessages.ratingInvalid).min(1, fieldMessages.ratingInvalid).max(5, fieldMessages.ratingInvalid).optional(),
});
export type AdminReviewQuery = z.output<typeof adminReviewQuerySchema>;

/** Bulk moderation: the reviews to hide at once, 1 to 100 of them. */
export const REVIEW_BULK_MAX = 100;
export const reviewBulkHideSchema = z.object({ ids: z.array(idSchema).min(1).max(REVIEW_BULK_MAX) });

export const contactInputSchema = z.object({
  email: emailSchema,
  message: requiredText(fieldMessages.messageRequired, 5000),
});

/** The admin's inbox: every message, or (`unread=true`) only the unread ones, newest first. */
export const contactListQuerySchema = z.object({
  unread: z.enum(['true', 'false'], { error: fieldMessages.booleanInvalid }).optional(),
});

export const contactReadSchema = z.object({ read: z.boolean({ error: fieldMessages.booleanInvalid }) });

/** An admin's answer, e-mailed to the sender with their message quoted. */
export const contactReplySchema = z.object({ message: requiredText(fieldMessages.messageRequired, 5000) });

export { errorMessages };
