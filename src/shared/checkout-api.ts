/** The checkout's answers (issue 60), as the server sends them: dollars, ISO codes, ids. */
import { z } from 'zod';
import { addressDraftSchema, SHIPPING_KINDS } from './checkout-schemas.js';
import { TAX_CLASSES } from './catalog.js';

/** A saved address (GET/POST/PATCH /api/addresses): its fields as text, its id and whether it is the default. */
export const addressSchema = addressDraftSchema.extend({ id: z.number().int(), isDefault: z.boolean() });
export type Address = z.infer<typeof addressSchema>;

/** GET|PUT /api/admin/shipping. */
export const shippingConfigAnswerSchema = z.object({
  zones: z.array(z.object({ id: z.string(), name: z.string(), countries: z.array(z.string()), regions: z.array(z.string()).optional(), postalCodes: z.array(z.string()).optional() })),
  methods: z.array(
    z.object({
      id: z.string(),
      zoneId: z.string(),
      name: z.string(),
      kind: z.enum(SHIPPING_KINDS),
      price: z.number().optional(),
      bands: z.array(z.object({ upToGrams: z.number().int(), price: z.number() })).optional(),
      freeOver: z.number().optional(),
      maxGrams: z.number().int().optional(),
      minDays: z.number().int(),
      maxDays: z.number().int(),
    }),
  ),
});

/** GET|PUT /api/admin/tax. */
export const taxConfigAnswerSchema = z.object({
  rates: z.array(
    z.object({ id: z.string(), name: z.string(), country: z.string(), region: z.string().optional(), taxClass: z.enum(TAX_CLASSES), rate: z.number(), shipping: z.boolean() }),
  ),
});

/** PUT /api/admin/users/:email/tax-exemption. */
export const taxExemptionAnswerSchema = z.object({ email: z.string(), certificate: z.string(), expiresOn: z.string() });
export type TaxExemptionAnswer = z.infer<typeof taxExemptionAnswerSchema>;

/** POST /api/checkout/quote. */
export const quoteSchema = z.object({
  lines: z.array(z.object({ productId: z.string(), quantity: z.number().int(), unitPrice: z.number(), lineTotal: z.number(), coreCharge: z.number() })),
  subtotal: z.number(),
  /** The lines' core deposits (dollars), refundable, part of the total: subtotal + coreDeposit + shipping + tax. */
  coreDeposit: z.number(),
  weightGrams: z.number().int(),
  methods: z.array(z.object({ id: z.string(), name: z.string(), price: z.number(), minDays: z.number().int(), maxDays: z.number().int() })),
  shippingMethodId: z.string(),
  shipping: z.number(),
  taxLines: z.array(z.object({ name: z.string(), rate: z.number(), amount: z.number() })),
  tax: z.number(),
  total: z.number(),
  reverseCharge: z.boolean(),
  taxExempt: z.boolean(),
});

/** 422 from POST /api/checkout/quote: no method reaches the destination for this order. */
export const noShippingMethodSchema = z.object({ code: z.literal('no_shipping_method'), message: z.string() });
