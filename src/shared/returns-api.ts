/** Returns on the wire (issue 61): what a buyer asks for, what the staff answer, and the return as sent. */
import { z } from 'zod';
import { returnMessages } from './messages.js';
import { RETURN_REASONS, RETURN_STATUSES } from './returns.js';
import { cursorParameter, fieldMessages, idSchema } from './schemas.js';

const wholeUnits = z.number({ error: returnMessages.quantityWhole }).int(returnMessages.quantityWhole);

/** POST /api/orders/:id/returns: which shipped units come back, and why. */
export const returnRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        productId: idSchema,
        quantity: wholeUnits.positive(returnMessages.quantityPositive),
        reason: z.enum(RETURN_REASONS, { error: returnMessages.reasonRequired }),
        // The vehicle it did not fit (required for 'doesnt_fit'): from the buyer's garage or the selector.
        vehicleId: idSchema.optional(),
      }),
    )
    .min(1, returnMessages.linesRequired)
    .refine((lines) => new Set(lines.map((line) => `${line.productId}:${line.reason}`)).size === lines.length, fieldMessages.linesRepeat)
    .superRefine((lines, ctx) => {
      lines.forEach((line, index) => {
        if (line.reason === 'doesnt_fit' && line.vehicleId === undefined) {
          ctx.addIssue({ code: 'custom', path: [index, 'vehicleId'], message: returnMessages.vehicleRequired });
        }
      });
    }),
  note: z.string().trim().max(1000, fieldMessages.tooLong(1000)).optional(),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** POST /api/returns/:id/reject. */
export const returnRejectSchema = z.object({ reason: z.string().trim().min(1, returnMessages.rejectReasonRequired).max(500, fieldMessages.tooLong(500)) });

/** POST /api/returns/:id/receive: what came back of each line, how much of it damaged, and whether the shop was at fault. */
export const returnReceiveSchema = z.object({
  lines: z
    .array(
      z
        .object({
          productId: idSchema,
          // Needed only when the return has the part twice (a new part and its core, say): which of its lines this is.
          reason: z.enum(RETURN_REASONS, { error: returnMessages.reasonRequired }).optional(),
          receivedQuantity: wholeUnits.nonnegative(returnMessages.quantityNotNegative),
          damagedQuantity: wholeUnits.nonnegative(returnMessages.quantityNotNegative),
        })
        .refine((line) => line.damagedQuantity <= line.receivedQuantity, { path: ['damagedQuantity'], message: returnMessages.damagedAboveReceived }),
    )
    .min(1, returnMessages.linesRequired),
  refundShipping: z.boolean().optional(),
});
export type ReturnReceive = z.infer<typeof returnReceiveSchema>;

/** A return as the server sends it. */
export const returnSchema = z.object({
  id: z.string(),
  /** RMA-000042. */
  number: z.string(),
  orderId: z.string(),
  /** The order's number (ORD-000042). */
  orderNumber: z.string(),
  status: z.enum(RETURN_STATUSES),
  lines: z.array(
    z.object({
      productId: z.string(),
      sku: z.string(),
      product: z.string(),
      quantity: z.number().int(),
      reason: z.enum(RETURN_REASONS),
      vehicleId: z.string().nullable(),
      /** The vehicle as the buyer named it: "2015 Toyota Corolla LE". */
      vehicle: z.string().nullable(),
      /** For 'doesnt_fit': whether our fitment data says the part fits that vehicle; null for other reasons. */
      fitsByOurData: z.boolean().nullable(),
      receivedQuantity: z.number().int(),
      damagedQuantity: z.number().int(),
    }),
  ),
  note: z.string(),
  rejectReason: z.string().nullable(),
  /** Set once refunded: dollars (tax and shipping included) and the credit note's number. */
  refund: z.object({ amount: z.number(), creditNote: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Return = z.infer<typeof returnSchema>;

/** GET /api/returns: newest first, a page at a time; `cursor` is the `nextCursor` of the page before. */
export const RETURN_PAGE_SIZE = { default: 50, max: 200 } as const;
export const returnListQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES, { error: returnMessages.statusInvalid }).optional(),
  limit: z.coerce.number().int().min(1).max(RETURN_PAGE_SIZE.max).optional(),
  cursor: cursorParameter,
});
export type ReturnListQuery = z.output<typeof returnListQuerySchema>;

/** A page of GET /api/returns: a customer's own returns, or (an admin) everyone's. */
export const returnPageSchema = z.object({ items: z.array(returnSchema), nextCursor: z.string().nullable() });
export type ReturnPage = z.infer<typeof returnPageSchema>;

/** GET /api/admin/fitment-quality: parts ranked by "doesn't fit" returns, each with the vehicles named. */
export const fitmentQualitySchema = z.array(
  z.object({
    productId: z.string(),
    sku: z.string(),
    name: z.string(),
    returns: z.number().int(),
    vehicles: z.array(z.object({ vehicleId: z.string(), label: z.string(), count: z.number().int(), fitsByOurData: z.boolean() })),
  }),
);
export type FitmentQuality = z.infer<typeof fitmentQualitySchema>;
