/**
 * The checkout's input rules (issue 60), shared by the server's routes and the browser's forms:
 * addresses, the shipping and tax tables, a buyer's tax exemption and a quote request.
 */
import { z } from 'zod';
import { checkPostalCode, isCountryCode, REGIONS, regionProblem } from './geography.js';
import { checkoutMessages as m, messages } from './messages.js';
import { hasAtMostTwoDecimals } from './money.js';
import { fieldMessages, idSchema, orderLinesSchema, phoneSchema, poNumberSchema, quantityNumber, taxClassSchema } from './schemas.js';
import { isCalendarDate } from './dates.js';
import { shippingAddressAnswerSchema } from './api.js';
import { type QuantityBounds, quantityError } from './quantity.js';

export type { TaxClass } from './catalog.js';

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const required = (message: string, max: number) => text(max).min(1, message);

export const countrySchema = z
  .string({ error: m.countryInvalid })
  .trim()
  .transform((code) => code.toUpperCase())
  .refine(isCountryCode, m.countryInvalid);

// ---- Addresses ----------------------------------------------------------------

/** Where parts go: a country, its region where the country has a list (US-VT: `VT`) and a postal code checked where we know its format. */
const destinationFields = {
  country: countrySchema,
  region: text(60).transform((code) => code.toUpperCase()).optional().default(''),
  postalCode: text(40).optional().default(''),
};

/** Region and postal code checked for the country; the postal code comes out as the post writes it. */
function checkedPlace<T extends { country: string; region: string; postalCode: string }>(place: T, ctx: z.RefinementCtx): T {
  const regionError = regionProblem(place.country, place.region);
  if (regionError) ctx.addIssue({ code: 'custom', path: ['region'], message: regionError });
  const postal = checkPostalCode(place.country, place.postalCode);
  if ('error' in postal) {
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: postal.error });
    return place;
  }
  return { ...place, postalCode: postal.postalCode };
}

/** A destination for an estimate: country, region, postal code. */
export const destinationSchema = z.object(destinationFields).transform(checkedPlace);
export type Destination = z.output<typeof destinationSchema>;

const addressFields = {
  name: required(m.addressNameRequired, 120),
  company: text(120).optional().default(''),
  line1: required(m.line1Required, 200),
  line2: text(200).optional().default(''),
  city: required(m.cityRequired, 100),
  ...destinationFields,
  phone: text(30).optional().default(''),
};

/** A full shipping address (the address book's and an order's). */
export const shippingAddressSchema = z.object(addressFields).transform(checkedPlace);
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

/** POST /api/addresses: an address, and whether it becomes the default (the first one always does). */
export const addressInputSchema = z.object({ ...addressFields, isDefault: z.boolean().optional() }).transform(checkedPlace);
export type AddressInput = z.output<typeof addressInputSchema>;

/** PATCH /api/addresses/:id: any fields; the address they make is checked whole (shippingAddressSchema). */
export const addressPatchSchema = z
  .object({
    name: addressFields.name,
    company: text(120),
    line1: addressFields.line1,
    line2: text(200),
    city: addressFields.city,
    country: countrySchema,
    region: text(60).transform((code) => code.toUpperCase()),
    postalCode: text(40),
    phone: text(30),
    isDefault: z.literal(true),
  })
  .partial();
export type AddressPatch = z.output<typeof addressPatchSchema>;

// ---- Shipping -----------------------------------------------------------------

const configIdSchema = z.string({ error: m.idInvalid }).regex(/^[A-Za-z0-9_-]{1,40}$/, m.idInvalid);
const dollarsSchema = z.number({ error: m.moneyInvalid }).min(0, m.moneyInvalid).max(1_000_000, m.moneyInvalid).refine(hasAtMostTwoDecimals, m.moneyInvalid);
const gramsSchema = z.number({ error: m.gramsInvalid }).int(m.gramsInvalid).min(1, m.gramsInvalid).max(100_000_000, m.gramsInvalid);
const daysSchema = z.number({ error: m.daysInvalid }).int(m.daysInvalid).min(0, m.daysInvalid).max(365, m.daysInvalid);
/** `05*`: every code starting 05; `10115`: that code only. Compared upper-cased without spaces. */
const POSTAL_PATTERN = /^[A-Z0-9 ]{1,20}\*?$/;

export const shippingZoneSchema = z.object({
  id: configIdSchema,
  name: required(m.nameRequired, 80),
  countries: z.array(countrySchema).min(1, m.zoneCountriesRequired).max(300),
  regions: z.array(text(60).transform((code) => code.toUpperCase())).max(100).optional(),
  postalCodes: z
    .array(text(21).transform((code) => code.toUpperCase()).refine((code) => POSTAL_PATTERN.test(code), m.postalPatternInvalid))
    .max(500)
    .optional(),
});

export const SHIPPING_KINDS = ['weight', 'flat', 'pickup'] as const;

export const shippingMethodSchema = z.object({
  id: configIdSchema,
  zoneId: configIdSchema,
  name: required(m.nameRequired, 80),
  kind: z.enum(SHIPPING_KINDS),
  price: dollarsSchema.optional(),
  bands: z.array(z.object({ upToGrams: gramsSchema, price: dollarsSchema })).max(50).optional(),
  freeOver: dollarsSchema.optional(),
  maxGrams: gramsSchema.optional(),
  minDays: daysSchema,
  maxDays: daysSchema,
});

type ZoneInput = z.output<typeof shippingZoneSchema>;
type MethodInput = z.output<typeof shippingMethodSchema>;

function checkZone(zone: ZoneInput, path: (string | number)[], ctx: z.RefinementCtx): void {
  if (!zone.regions?.length) return;
  if (zone.countries.length !== 1) return void ctx.addIssue({ code: 'custom', path: [...path, 'regions'], message: m.regionsNeedOneCountry });
  const country = zone.countries[0]!;
  for (const [i, region] of zone.regions.entries()) {
    const problem = REGIONS[country] ? regionProblem(country, region) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: [...path, 'regions', i], message: problem });
  }
}

function checkMethod(method: MethodInput, path: (string | number)[], zoneIds: Set<string>, ctx: z.RefinementCtx): void {
  const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [...path, field], message });
  if (!zoneIds.has(method.zoneId)) issue('zoneId', m.zoneUnknown(method.zoneId));
  if (method.kind === 'flat' && method.price === undefined) issue('price', m.priceRequired);
  if (method.kind === 'weight' && !method.bands?.length) issue('bands', m.bandsRequired);
  if (method.kind !== 'weight' && method.bands?.length) issue('bands', m.bandsNotAllowed);
  const bands = method.bands ?? [];
  if (bands.some((band, i) => i > 0 && band.upToGrams <= bands[i - 1]!.upToGrams)) issue('bands', m.bandsAscending);
  if (method.maxDays < method.minDays) issue('maxDays', m.daysOrder);
}

function checkUniqueIds(items: readonly { id: string }[], list: string, message: (id: string) => string, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [list, i, 'id'], message: message(item.id) });
    seen.add(item.id);
  }
}

/** PUT /api/admin/shipping: every zone and method, checked together (all or nothing). */
export const shippingConfigSchema = z
  .object({ zones: z.array(shippingZoneSchema).max(200), methods: z.array(shippingMethodSchema).max(500) })
  .superRefine((config, ctx) => {
    checkUniqueIds(config.zones, 'zones', m.zoneIdRepeated, ctx);
    checkUniqueIds(config.methods, 'methods', m.methodIdRepeated, ctx);
    config.zones.forEach((zone, i) => checkZone(zone, ['zones', i], ctx));
    const zoneIds = new Set(config.zones.map((zone) => zone.id));
    config.methods.forEach((method, i) => checkMethod(method, ['methods', i], zoneIds, ctx));
  });
export type ShippingConfig = z.output<typeof shippingConfigSchema>;
export type ShippingZone = ShippingConfig['zones'][number];
export type ShippingMethod = ShippingConfig['methods'][number];

// ---- Tax ----------------------------------------------------------------------

const rateSchema = z
  .number({ error: m.rateInvalid })
  .min(0, m.rateInvalid)
  .max(100, m.rateInvalid)
  .refine((rate) => Math.abs(rate * 1000 - Math.round(rate * 1000)) < 1e-6, m.rateInvalid);

export const taxRateSchema = z.object({
  id: configIdSchema,
  name: required(m.nameRequired, 80),
  country: countrySchema,
  region: text(60).transform((code) => code.toUpperCase()).optional(),
  taxClass: taxClassSchema,
  rate: rateSchema,
  shipping: z.boolean(),
});

/** PUT /api/admin/tax: every rate, checked together (all or nothing). */
export const taxConfigSchema = z
  .object({ rates: z.array(taxRateSchema).max(1000) })
  .superRefine(({ rates }, ctx) => {
    checkUniqueIds(rates, 'rates', m.rateIdRepeated, ctx);
    const places = new Set<string>();
    for (const [i, rate] of rates.entries()) {
      const region = rate.region ?? '';
      if (region !== '' && REGIONS[rate.country]) {
        const problem = regionProblem(rate.country, region);
        if (problem) ctx.addIssue({ code: 'custom', path: ['rates', i, 'region'], message: problem });
      }
      const place = `${rate.country}|${region}|${rate.taxClass}`;
      if (places.has(place)) ctx.addIssue({ code: 'custom', path: ['rates', i], message: m.rateRepeated(rate.country, region, rate.taxClass) });
      places.add(place);
    }
  });
export type TaxConfig = z.output<typeof taxConfigSchema>;
export type TaxRate = TaxConfig['rates'][number];

/** PUT /api/admin/users/:email/tax-exemption: the certificate's number and the day it expires. */
export const taxExemptionSchema = z.object({
  certificate: required(m.certificateRequired, 80),
  expiresOn: z.string({ error: m.expiresOnInvalid }).refine(isCalendarDate, m.expiresOnInvalid),
});
export type TaxExemptionInput = z.output<typeof taxExemptionSchema>;

// ---- Quotes -------------------------------------------------------------------

/** POST /api/checkout/quote: the lines and where they go (an address, or a saved one's id). */
export const quoteRequestSchema = z
  .object({
    lines: orderLinesSchema,
    shippingAddress: destinationSchema.optional(),
    addressId: idSchema.optional(),
    shippingMethodId: configIdSchema.optional(),
    vatId: text(40).optional(),
  })
  .superRefine(checkDestinationGiven);
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

/** Exactly one of a new address and a saved one's id. */
function checkDestinationGiven(request: { shippingAddress?: unknown; addressId?: unknown }, ctx: z.RefinementCtx): void {
  if (request.shippingAddress && request.addressId !== undefined) ctx.addIssue({ code: 'custom', path: ['addressId'], message: m.addressOrId });
  if (!request.shippingAddress && request.addressId === undefined) ctx.addIssue({ code: 'custom', path: ['shippingAddress'], message: m.shippingAddressRequired });
}

// ---- Orders -------------------------------------------------------------------

/**
 * What the server accepts for a new order: the original one product (`productId`, `quantity`) or `lines`, and
 * where it goes (`shippingAddress` or a saved `addressId`), how (`shippingMethodId`, the cheapest when none)
 * and the buyer's VAT ID; name, e-mail, products, prices, shipping and tax come from the server. The
 * original free-text `address` is accepted and ignored: the order's `address` is its destination on one line.
 * Either way the server sees lines; `singleProduct` says the one-product form was used (its problems are
 * reported on `quantity`: docs/legacy-contract.md#old-clients).
 */
export const orderInputSchema = z
  .object({
    productId: idSchema.optional(),
    quantity: quantityNumber.optional(),
    lines: orderLinesSchema.optional(),
    phone: phoneSchema,
    address: z.string().max(500).optional(),
    shippingAddress: shippingAddressSchema.optional(),
    addressId: idSchema.optional(),
    shippingMethodId: configIdSchema.optional(),
    vatId: text(40).optional(),
    poNumber: poNumberSchema.optional(),
  })
  .superRefine((input, ctx) => {
    checkDestinationGiven(input, ctx);
    if (input.lines) {
      if (input.productId !== undefined || input.quantity !== undefined) ctx.addIssue({ code: 'custom', path: ['lines'], message: fieldMessages.linesOrProduct });
      return;
    }
    if (input.productId === undefined) ctx.addIssue({ code: 'custom', path: ['productId'], message: fieldMessages.idInvalid });
    if (input.quantity === undefined) ctx.addIssue({ code: 'custom', path: ['quantity'], message: messages.validation.quantityRequired });
  })
  .transform(({ productId, quantity, lines, phone, shippingAddress, addressId, shippingMethodId, vatId, poNumber }) => ({
    lines: lines ?? [{ productId: productId as number, quantity: quantity as number }],
    singleProduct: !lines,
    phone,
    shippingAddress,
    addressId,
    shippingMethodId,
    vatId: vatId || undefined,
    poNumber: poNumber ?? '',
  }));
export type OrderInput = z.output<typeof orderInputSchema>;

// ---- The order forms ------------------------------------------------------------

/** The picker's choice for an address typed in the form instead of a saved one. */
export const NEW_ADDRESS = 'new';

/**
 * An address's fields as text, as an order answers its destination: as a form holds it (checked with
 * shippingAddressSchema only when it is the one chosen) and as a saved one is answered (checkout-api.ts).
 */
export const addressDraftSchema = shippingAddressAnswerSchema;
export type AddressDraft = z.infer<typeof addressDraftSchema>;

/** Where an order goes and how, as the order modal and the cart's checkout hold it. */
const deliveryFields = {
  /** A saved address's id, NEW_ADDRESS, or '' (nothing chosen). */
  addressChoice: z.string(),
  shippingAddress: addressDraftSchema,
  /** '' until the quote names the cheapest. */
  shippingMethodId: z.string(),
  vatId: text(40),
};

/** Nothing typed that makes an address: SPEC's 'Address is required' rather than a message per field. */
const isBlank = (draft: AddressDraft) => [draft.name, draft.line1, draft.city, draft.postalCode].every((value) => value.trim() === '');

function checkDelivery(values: { addressChoice: string; shippingAddress: AddressDraft }, ctx: z.RefinementCtx): void {
  if (values.addressChoice === '' || (values.addressChoice === NEW_ADDRESS && isBlank(values.shippingAddress))) {
    ctx.addIssue({ code: 'custom', path: ['addressChoice'], message: messages.validation.addressRequired });
    return;
  }
  if (values.addressChoice !== NEW_ADDRESS) return;
  const parsed = shippingAddressSchema.safeParse(values.shippingAddress);
  for (const issue of parsed.error?.issues ?? []) ctx.addIssue({ code: 'custom', path: ['shippingAddress', ...issue.path.map(String)], message: issue.message });
}

/**
 * The delivery checked on its own, beside the other fields (an intersection), so its messages show with
 * theirs: a refinement of the whole form would be skipped once the phone's required check aborts.
 */
const deliverySchema = z.object(deliveryFields).superRefine(checkDelivery);

/** The form's delivery as POST /api/orders takes it: a saved address's id or the new address, the method and the VAT ID when given. */
function deliveryBody<T extends { addressChoice: string; shippingAddress: AddressDraft; shippingMethodId: string; vatId: string }>({
  addressChoice,
  shippingAddress,
  shippingMethodId,
  vatId,
  ...rest
}: T) {
  return {
    ...rest,
    ...(addressChoice === NEW_ADDRESS ? { shippingAddress: shippingAddressSchema.parse(shippingAddress) } : { addressId: Number(addressChoice) }),
    shippingMethodId: shippingMethodId || undefined,
    vatId: vatId || undefined,
  };
}

/** The order modal's schema: quantity within the product's bounds, phone, and the delivery. */
export function orderFormSchema(bounds: QuantityBounds) {
  return z
    .object({
      quantity: quantityNumber.superRefine((quantity, ctx) => {
        const problem = quantityError(quantity, bounds);
        if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
      }),
      phone: phoneSchema,
    })
    .and(deliverySchema)
    .transform(deliveryBody);
}

/** The cart's checkout form: phone, the delivery, and the buyer's own reference. */
export const checkoutFormSchema = z
  .object({ phone: phoneSchema, poNumber: poNumberSchema })
  .and(deliverySchema)
  .transform(deliveryBody);
