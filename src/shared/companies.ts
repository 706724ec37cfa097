/**
 * Trade accounts (issue 63) on the wire: a company's application and answer, its members and invitations,
 * the staff's decision, and price lists. The server's routes validate with these and the browser's forms
 * use the same ones.
 */
import { z } from 'zod';
import { shippingAddressAnswerSchema } from './api.js';
import { shippingAddressSchema } from './checkout-schemas.js';
import { isCalendarDate } from './dates.js';
import { checkoutMessages } from './messages.js';
import { hasAtMostTwoDecimals } from './money.js';
import { parseVatId } from './vat-id.js';
import { emailSchema, idSchema, phoneSchema, requiredText } from './schemas.js';
import { companyMessages as m } from './companies-copy.js';

export const COMPANY_STATUSES = ['pending', 'approved', 'declined'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

/** `admin`: invites, removes and limits members, sees every order of the company, approves orders over a limit. */
export const COMPANY_ROLES = ['admin', 'buyer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((text) => (text ? text : undefined));

/** Dollars per order, up to two decimals; absent or null: no limit. */
export const spendingLimitSchema = z
  .number({ error: m.spendingLimitInvalid })
  .positive(m.spendingLimitInvalid)
  .max(999_999.99, m.spendingLimitInvalid)
  .refine(hasAtMostTwoDecimals, m.spendingLimitInvalid)
  .nullable();

// ---- Applications and companies -------------------------------------------------

/** POST /api/companies: a signed-in buyer applies for a trade account. */
export const companyApplicationSchema = z.object({
  name: requiredText(m.nameRequired, 120),
  // Checked as the checkout checks one typed (src/shared/vat-id.ts): the company's members order with it.
  vatId: optionalText(40).refine((vatId) => vatId === undefined || parseVatId(vatId) !== null, checkoutMessages.vatIdInvalid),
  taxCertificate: optionalText(80),
  phone: phoneSchema,
  address: shippingAddressSchema,
});
export type CompanyApplication = z.output<typeof companyApplicationSchema>;

export const companyMemberSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  /** Dollars per order; null: no limit. */
  spendingLimit: z.number().nullable(),
});
export type CompanyMember = z.infer<typeof companyMemberSchema>;

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(COMPANY_STATUSES),
  vatId: z.string().nullable(),
  taxCertificate: z.string().nullable(),
  phone: z.string(),
  address: shippingAddressAnswerSchema,
  declineReason: z.string().nullable(),
  priceListId: z.string().nullable(),
  createdAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** GET /api/companies/mine: the caller's company, their role in it, and (for its admins) its members. */
export const myCompanySchema = companySchema.extend({
  role: z.enum(COMPANY_ROLES),
  /** The caller's own limit per order in dollars; null: none. */
  spendingLimit: z.number().nullable(),
  members: z.array(companyMemberSchema),
});
export type MyCompany = z.infer<typeof myCompanySchema>;

/** PATCH /api/admin/companies/:id: staff decide on an application (and may change the list later). */
export const companyDecisionSchema = z
  .object({
    status: z.enum(['approved', 'declined'], { error: m.decisionInvalid }),
    priceListId: z.string().trim().min(1).nullable().optional(),
    declineReason: optionalText(500),
  })
  .superRefine((decision, ctx) => {
    if (decision.status === 'declined' && !decision.declineReason) ctx.addIssue({ code: 'custom', path: ['declineReason'], message: m.declineReasonRequired });
  });
export type CompanyDecision = z.output<typeof companyDecisionSchema>;

/** GET /api/admin/companies: each company with its members, their number and what it spent in the last 30 days. */
export const adminCompanySchema = companySchema.extend({
  applicant: z.object({ userId: z.number().int(), name: z.string(), email: z.string() }),
  memberCount: z.number().int(),
  /** Admins first, then in the order they joined. */
  members: z.array(companyMemberSchema),
  /** Dollars of its paid orders in the last 30 days. */
  spentLast30Days: z.number(),
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;

// ---- Members and invitations ----------------------------------------------------

/** POST /api/companies/:id/invitations. */
export const invitationSchema = z.object({
  email: emailSchema,
  role: z.enum(COMPANY_ROLES, { error: m.roleInvalid }),
  spendingLimit: spendingLimitSchema.optional(),
});
export type InvitationInput = z.output<typeof invitationSchema>;

/** POST /api/companies/:id/invitations answers the invitation (its token is only in the e-mail). */
export const invitationAnswerSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  /** Dollars per order; null: no limit. */
  spendingLimit: z.number().nullable(),
  expiresAt: z.string(),
});
export type InvitationAnswer = z.infer<typeof invitationAnswerSchema>;

/** GET /api/admin/companies?status=: every company, or those of one status. */
export const adminCompaniesQuerySchema = z.object({ status: z.enum(COMPANY_STATUSES, { error: m.statusInvalid }).optional() });

/** POST /api/companies/join: the token of the invitation's link. */
export const joinCompanySchema = z.object({ token: requiredText(m.invitationInvalid, 200) });

/** PATCH /api/companies/:id/members/:userId. */
export const memberPatchSchema = z
  .object({ role: z.enum(COMPANY_ROLES, { error: m.roleInvalid }).optional(), spendingLimit: spendingLimitSchema.optional() })
  .refine((patch) => patch.role !== undefined || patch.spendingLimit !== undefined, m.nothingToChange);
export type MemberPatch = z.output<typeof memberPatchSchema>;

/** POST /api/orders/:id/decline: the reason the buyer sees. */
export const declineOrderSchema = z.object({ reason: requiredText(m.declineReasonRequired, 500) });

// ---- Price lists ----------------------------------------------------------------

/** A price list's id: chosen by staff, used in its address (PUT creates or replaces it). */
export const priceListIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, m.priceListIdInvalid);

const calendarDay = z.string({ error: m.dayInvalid }).refine(isCalendarDate, m.dayInvalid);

export const priceListPriceSchema = z.object({
  productId: idSchema,
  /** Dollars per unit. */
  price: z.number({ error: m.priceInvalid }).positive(m.priceInvalid).max(999_999.99, m.priceInvalid).refine(hasAtMostTwoDecimals, m.priceInvalid),
  minQuantity: z.number({ error: m.minQuantityInvalid }).int(m.minQuantityInvalid).min(1, m.minQuantityInvalid).max(1_000_000, m.minQuantityInvalid).optional().default(1),
});

/** PUT /api/admin/price-lists/:id. */
export const priceListInputSchema = z
  .object({
    name: requiredText(m.priceListNameRequired, 120),
    /** Percent off every part's list price, up to two decimals. */
    discountPercent: z.number({ error: m.discountInvalid }).min(0, m.discountInvalid).max(99.99, m.discountInvalid).refine(hasAtMostTwoDecimals, m.discountInvalid).optional().default(0),
    prices: z.array(priceListPriceSchema).max(20_000).optional().default([]),
    validFrom: calendarDay.nullable().optional().default(null),
    validTo: calendarDay.nullable().optional().default(null),
  })
  .superRefine((list, ctx) => {
    if (list.validFrom && list.validTo && list.validTo < list.validFrom) ctx.addIssue({ code: 'custom', path: ['validTo'], message: m.validToBeforeFrom });
    const seen = new Set<string>();
    list.prices.forEach((price, i) => {
      const key = `${price.productId}|${price.minQuantity}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['prices', i, 'minQuantity'], message: m.priceRepeated });
      seen.add(key);
    });
  });
export type PriceListInput = z.output<typeof priceListInputSchema>;

export const priceListSchema = z.object({
  id: z.string(),
  name: z.string(),
  discountPercent: z.number(),
  prices: z.array(z.object({ productId: z.number().int(), sku: z.string(), name: z.string(), price: z.number(), minQuantity: z.number().int() })),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  /** How many companies buy at it. */
  companyCount: z.number().int(),
  updatedAt: z.string(),
});
export type PriceList = z.infer<typeof priceListSchema>;
