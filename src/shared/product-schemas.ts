/**
 * A part as staff add and edit it (POST/PATCH /api/products, the catalog CSV and PIES imports, the product
 * form): its fields, numbers, price tiers and vehicle applications. Apart from schemas.ts so the storefront's
 * first page, which needs none of it, does not load it.
 */
import { z } from 'zod';
import { CATEGORY_SLUGS } from './catalog.js';
import { FIRST_YEAR, lastYear, PART_NUMBER_TYPES, positionNamed } from './fitment.js';
import { hasAtMostTwoDecimals } from './money.js';
import { PRICE_BREAKS_MAX } from './pricing.js';
import {
  categorySchema,
  emptyAsAbsent,
  fieldMessages,
  imageSchema,
  numberFromInput,
  priceSchema,
  requiredText,
  skuSchema,
  specsSchema,
  STOCK_MAX,
  taxClassSchema,
  wholePositive,
} from './schemas.js';

export const productNumberInputSchema = z.object({
  type: z.enum(PART_NUMBER_TYPES, { error: fieldMessages.numberTypeInvalid }),
  brand: z.string().trim().max(60, fieldMessages.tooLong(60)),
  number: skuSchema,
});
export const PRODUCT_NUMBERS_MAX = 100;
export const productNumbersSchema = z.array(productNumberInputSchema).max(PRODUCT_NUMBERS_MAX, fieldMessages.numbersTooMany(PRODUCT_NUMBERS_MAX));

const packSizeSchema = wholePositive(fieldMessages.packSizeInvalid, fieldMessages.packSizeInvalid);

/** Shipping weight in whole grams; 0: not known. */
export const WEIGHT_GRAMS_MAX = 10_000_000;
const weightGramsSchema = numberFromInput(fieldMessages.weightInvalid, fieldMessages.weightInvalid).pipe(
  z.number().int(fieldMessages.weightInvalid).min(0, fieldMessages.weightInvalid).max(WEIGHT_GRAMS_MAX, fieldMessages.weightInvalid),
);

/** The refundable deposit per unit on a remanufactured part, in dollars; 0: none. */
const coreChargeSchema = numberFromInput(fieldMessages.coreChargeInvalid, fieldMessages.coreChargeInvalid).pipe(
  z.number().min(0, fieldMessages.coreChargeInvalid).max(1_000_000, fieldMessages.coreChargeInvalid).refine(hasAtMostTwoDecimals, fieldMessages.coreChargeInvalid),
);

const reorderThresholdInvalid = fieldMessages.reorderThresholdInvalid;
/** The part's own low-stock threshold; null or an empty field: the shop's default (absent: unchanged when editing). */
const reorderThresholdSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  numberFromInput(reorderThresholdInvalid, reorderThresholdInvalid)
    .pipe(z.number().int(reorderThresholdInvalid).min(0, reorderThresholdInvalid).max(STOCK_MAX, reorderThresholdInvalid))
    .nullable()
    .optional(),
);

/** A tier: from `minQuantity` units on, `price` dollars per unit. */
export const priceBreakSchema = z.object({
  minQuantity: numberFromInput(fieldMessages.priceBreakQuantity, fieldMessages.priceBreakQuantity).pipe(
    z.number().int(fieldMessages.priceBreakQuantity).min(2, fieldMessages.priceBreakQuantity).max(STOCK_MAX, fieldMessages.priceBreakQuantity),
  ),
  price: numberFromInput(fieldMessages.priceBreakPrice, fieldMessages.priceBreakPrice).pipe(
    z.number().positive(fieldMessages.priceBreakPrice).max(1_000_000, fieldMessages.priceBreakPrice).refine(hasAtMostTwoDecimals, fieldMessages.priceBreakPrice),
  ),
});

/** Tiers in ascending quantity, each cheaper than the one before. */
export const priceBreaksSchema = z
  .array(priceBreakSchema)
  .max(PRICE_BREAKS_MAX, fieldMessages.priceBreaksTooMany(PRICE_BREAKS_MAX))
  .refine(
    (tiers) => tiers.every((tier, i) => {
      const before = tiers[i - 1];
      return !before || (tier.minQuantity > before.minQuantity && tier.price < before.price);
    }),
    fieldMessages.priceBreaksOrder,
  );

/** Every tier is cheaper than the base price (checked again on the merged product when only one of them changes). */
export function tiersBelowPrice(price: number, tiers: readonly { price: number }[]): boolean {
  return tiers.every((tier) => tier.price < price);
}

/** A model year the shop knows (FIRST_YEAR to the year after next), typed in a form or sent as a number. */
const modelYearSchema = numberFromInput(fieldMessages.yearInvalid, fieldMessages.yearInvalid).pipe(
  z.number().int(fieldMessages.yearInvalid).min(FIRST_YEAR, fieldMessages.yearInvalid).refine((year) => year <= lastYear(), fieldMessages.yearInvalid),
);

/** Longest make, model, submodel and engine (as the vehicle base and the fitment CSV keep them), and qualifier. */
export const VEHICLE_NAME_MAX = 60;
export const QUALIFIER_MAX = 200;
export const APPLICATIONS_MAX = 500;

/** Not requiredText: its empty check ends the row's checks, and the years' order is checked with the rest. */
const vehicleName = (required: string) => z.string({ error: required }).trim().min(1, required).max(VEHICLE_NAME_MAX, fieldMessages.tooLong(VEHICLE_NAME_MAX));
const optionalText = (max: number) => z.string().trim().max(max, fieldMessages.tooLong(max)).default('');

/**
 * A vehicle a part fits, as the product form and POST/PATCH /api/products send it: a year range of a make and
 * model, every submodel and engine unless one is named. The make and model are checked against the vehicle
 * base by the server (and stored as the base spells them), as the fitment CSV import checks them.
 */
export const applicationInputSchema = z
  .object({
    yearFrom: modelYearSchema,
    yearTo: modelYearSchema,
    make: vehicleName(fieldMessages.makeRequired),
    model: vehicleName(fieldMessages.modelRequired),
    submodel: optionalText(VEHICLE_NAME_MAX),
    engine: optionalText(VEHICLE_NAME_MAX),
    qualifier: optionalText(QUALIFIER_MAX),
    position: z
      .string()
      .default('')
      .refine((position) => positionNamed(position) !== undefined, fieldMessages.positionInvalid)
      .transform((position) => positionNamed(position)!),
  })
  .refine((a) => a.yearFrom <= a.yearTo, {
    path: ['yearTo'],
    message: fieldMessages.yearsReversed,
    // Checked once both years are, whatever else in the row is wrong (the form shows every problem of the row at once).
    when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === 'yearFrom' || issue.path?.[0] === 'yearTo'),
  });
export type ApplicationInput = z.output<typeof applicationInputSchema>;

/** Two applications with the same key (their fields as the form edits them, in any case) are one. */
export const applicationKey = (a: ApplicationInput) =>
  JSON.stringify([a.yearFrom, a.yearTo, a.make, a.model, a.submodel, a.engine, a.qualifier, a.position].map((part) => String(part).toLowerCase()));

export const applicationsInputSchema = z
  .array(applicationInputSchema)
  .max(APPLICATIONS_MAX, fieldMessages.applicationsTooMany(APPLICATIONS_MAX))
  // The second of two rows for the same vehicles is named.
  .superRefine((applications, context) => {
    const seen = new Set<string>();
    for (const [index, application] of applications.entries()) {
      const key = applicationKey(application);
      if (seen.has(key)) context.addIssue({ code: 'custom', path: [index], message: fieldMessages.applicationRepeated });
      seen.add(key);
    }
  });

/** Available Stock: 0 lists the part as out of stock (not orderable), when adding as when editing. */
const stockSchema = numberFromInput(fieldMessages.stockRequired, fieldMessages.stockNotNegative).pipe(
  z.number().int(fieldMessages.stockNotNegative).min(0, fieldMessages.stockNotNegative).max(STOCK_MAX, fieldMessages.stockNotNegative),
);

/**
 * A product's fields; the original six (docs/legacy-contract.md#fields) are required when adding but the
 * picture (without one the shop's own shows, FALLBACK_PRODUCT_IMAGE), the part number, category and specs are not.
 */
const productFields = {
  name: requiredText(fieldMessages.productNameRequired, 120),
  description: requiredText(fieldMessages.productDescriptionRequired, 2000),
  price: priceSchema,
  stock: stockSchema,
  min: wholePositive(fieldMessages.minRequired, fieldMessages.minPositive),
  img: emptyAsAbsent(imageSchema),
  sku: emptyAsAbsent(skuSchema),
  category: emptyAsAbsent(categorySchema),
  specs: specsSchema.optional(),
  numbers: productNumbersSchema.optional(),
  applications: applicationsInputSchema.optional(),
  packSize: emptyAsAbsent(packSizeSchema),
  priceBreaks: priceBreaksSchema.optional(),
  reorderThreshold: reorderThresholdSchema,
  weightGrams: emptyAsAbsent(weightGramsSchema),
  taxClass: emptyAsAbsent(taxClassSchema),
  coreCharge: emptyAsAbsent(coreChargeSchema),
};

/** A new part's rules across fields: a minimum within the stock (a part added with none is out of stock), tiers below the price. */
function withNewProductRules<T extends z.ZodType<{ min: number; stock: number; price: number; priceBreaks?: { price: number }[] | undefined }>>(schema: T) {
  return schema
    .refine((p) => p.stock === 0 || p.min <= p.stock, { path: ['min'], message: fieldMessages.minAboveStock })
    .refine((p) => tiersBelowPrice(p.price, p.priceBreaks ?? []), { path: ['priceBreaks'], message: fieldMessages.priceBreakBelowPrice });
}

export const productInputSchema = withNewProductRules(z.object(productFields));
/**
 * The Add form: a category must be chosen there (the API keeps the original contract, where a part sent
 * without one is filed under DEFAULT_CATEGORY).
 */
export const productAddFormSchema = withNewProductRules(
  z.object({ ...productFields, category: z.enum(CATEGORY_SLUGS, { error: (issue) => (issue.input === '' || issue.input === undefined ? fieldMessages.categoryRequired : fieldMessages.categoryInvalid) }) }),
);
export type ProductInput = z.output<typeof productInputSchema>;

/**
 * Editing (PATCH /api/products/:id): any of the fields, and `active: false` archives the part (hidden
 * from the shop, kept for its orders). A part may run out: its stock may be 0 and below its minimum.
 */
export const productPatchSchema = z
  .object({
    ...productFields,
    img: imageSchema,
    active: z.boolean(),
  })
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), fieldMessages.nothingToChange);
export type ProductPatch = z.output<typeof productPatchSchema>;

/** Quick restock: units that arrived, added to what is there (never a lost update against orders). */
export const restockSchema = z.object({ quantity: wholePositive(fieldMessages.restockRequired, fieldMessages.restockPositive) });
