/**
 * The HTTP contract in one table: for each endpoint, its method and path, the status of a success, the
 * shape of the success answer (src/shared/api.ts) and of the request body (src/shared/schemas.ts).
 * Failures are always `errorResponseSchema`. The browser's test fakes answer through this table, so a fake
 * answer the server could not send fails the test (src/web/test/render.tsx); docs/api.md describes the same.
 */
import { z } from 'zod';
import { stockMovementPageSchema } from './back-office.js';
import { salesStatsSchema } from './sales-stats.js';
import { declineOrderSchema, priceListInputSchema, priceListSchema } from './companies.js';
import {
  adminFlagSchema,
  shipmentSchema,
  auditEntrySchema,
  applicationSchema,
  authResponseSchema,
  cartSchema,
  categorySummarySchema,
  confirmedPaymentSchema,
  contactMessageSchema,
  googleExchangeAnswerSchema,
  googleStatusSchema,
  healthSchema,
  homeSummarySchema,
  importRefusedSchema,
  importReportSchema,
  productImportRefusedSchema,
  productImportReportSchema,
  tradeImportRefusedSchema,
  tradeImportReportSchema,
  lowStockItemSchema,
  openOrdersSchema,
  orderEventSchema,
  orderPageSchema,
  orderSchema,
  outboxEntrySchema,
  paymentIntentAnswerSchema,
  paymentRecordSchema,
  numberSuggestionSchema,
  partLookupSchema,
  partsResolvedSchema,
  paymentsConfigSchema,
  productChangeSchema,
  productPageSchema,
  productSchema,
  reviewSchema,
  reviewsHiddenSchema,
  sessionSchema,
  uploadAnswerSchema,
  userSchema,
  vehicleSchema,
  vinAnswerSchema,
  webhookAnswerSchema,
} from './api.js';
import { contactMessageDetailSchema } from './back-office.js';
import { cartInputSchema, shipmentRequestSchema, contactInputSchema, contactReadSchema, contactReplySchema, googleExchangeRequestSchema, loginSchema, orderPatchSchema, passwordChangeSchema, passwordResetConfirmSchema, passwordResetRequestSchema, partsResolveSchema, paymentIntentRequestSchema, profileUpdateSchema, registerSchema, reviewInputSchema, reviewModerationSchema, reviewBulkHideSchema, testPaymentConfirmSchema, verifyEmailSchema } from './schemas.js';
import { productInputSchema, productPatchSchema, restockSchema } from './product-schemas.js';
import { addressSchema, noShippingMethodSchema, quoteSchema, shippingConfigAnswerSchema, taxConfigAnswerSchema, taxExemptionAnswerSchema } from './checkout-api.js';
import {
  orderInputSchema, addressInputSchema, addressPatchSchema, quoteRequestSchema, shippingConfigSchema, taxConfigSchema, taxExemptionSchema } from './checkout-schemas.js';
import { fitmentQualitySchema, returnPageSchema, returnReceiveSchema, returnRejectSchema, returnRequestSchema, returnSchema } from './returns-api.js';
import { partReviewInputSchema, partReviewPageSchema, partReviewPatchSchema, partReviewSchema, listInputSchema, listSummarySchema, listUpdateSchema, partsListSchema, stockAlertSchema, suggestionsSchema, synonymGroupsAnswerSchema, synonymGroupsSchema } from './choosing.js';
import { adminHomeSchema } from './back-office.js';
import {
  adminCompanySchema,
  companyApplicationSchema,
  companyDecisionSchema,
  companyMemberSchema,
  companySchema,
  invitationAnswerSchema,
  invitationSchema,
  joinCompanySchema,
  memberPatchSchema,
  myCompanySchema,
} from './companies.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /** Under /api; `:name` is one path segment. */
  path: string;
  /** The status of a success. */
  status: number;
  /**
   * The success answer's schema; null when a success has no body (204, 202 for work accepted, or a 302
   * redirect). z.string() for an answer that is not JSON (CSV, PDF).
   */
  answer: z.ZodType | null;
  /** The request body's schema, for the calls that send one. */
  body?: z.ZodType;
  /** Failures answered with a body of their own instead of the error shape, by status. */
  failures?: Record<number, z.ZodType>;
}

const endpoint = (method: HttpMethod, path: string, answer: z.ZodType | null, more: Partial<Endpoint> = {}): Endpoint => ({
  method,
  path,
  status: answer === null ? 204 : 200,
  answer,
  ...more,
});

export const ENDPOINTS: readonly Endpoint[] = [
  // Accounts and Google sign-in
  endpoint('POST', '/api/auth/register', authResponseSchema, { status: 201, body: registerSchema }),
  endpoint('POST', '/api/auth/login', authResponseSchema, { body: loginSchema }),
  endpoint('POST', '/api/auth/logout', null),
  endpoint('GET', '/api/me', userSchema),
  endpoint('POST', '/api/auth/password', null, { body: passwordChangeSchema }),
  // Answered alike whether the account exists or not.
  endpoint('POST', '/api/auth/password-reset', null, { status: 202, body: passwordResetRequestSchema }),
  endpoint('POST', '/api/auth/password-reset/confirm', null, { body: passwordResetConfirmSchema }),
  endpoint('POST', '/api/auth/verify-email', null, { body: verifyEmailSchema }),
  endpoint('POST', '/api/auth/verify-email/resend', null, { status: 202 }),
  endpoint('GET', '/api/auth/sessions', z.array(sessionSchema)),
  endpoint('DELETE', '/api/auth/sessions/:id', null),
  endpoint('DELETE', '/api/auth/sessions', null),
  endpoint('GET', '/api/auth/google/status', googleStatusSchema),
  // Browser navigations (not fetch): a redirect to Google, and Google's redirect back to /login#….
  endpoint('GET', '/api/auth/google/start', null, { status: 302 }),
  endpoint('GET', '/api/auth/google/callback', null, { status: 302 }),
  endpoint('POST', '/api/auth/google/exchange', googleExchangeAnswerSchema, { body: googleExchangeRequestSchema }),
  // Catalog: with `limit` or `cursor` a page, without (old clients) a plain array.
  endpoint('GET', '/api/products', z.union([productPageSchema, z.array(productSchema)])),
  endpoint('GET', '/api/products/:id', productSchema),
  endpoint('GET', '/api/products/sku/:sku', productSchema),
  endpoint('GET', '/api/categories', z.array(categorySummarySchema)),
  endpoint('POST', '/api/products', productSchema, { status: 201, body: productInputSchema }),
  endpoint('PATCH', '/api/products/:id', productSchema, { body: productPatchSchema }),
  endpoint('POST', '/api/products/:id/restock', productSchema, { body: restockSchema }),
  // Every change of a product's price or stock: who, when, from what to what.
  endpoint('GET', '/api/products/:id/changes', z.array(productChangeSchema)),
  endpoint('GET', '/api/products/:id/stock-movements', stockMovementPageSchema),
  endpoint('GET', '/api/products/:id/stock-movements.csv', z.string()),
  endpoint('DELETE', '/api/products/:id', productSchema),
  // The admin's catalog: archived parts too, by id or page by page.
  endpoint('GET', '/api/admin/products', productPageSchema),
  endpoint('GET', '/api/admin/products/:id', productSchema),
  // Parts at or below their reorder threshold, lowest stock first (at most 500).
  endpoint('GET', '/api/admin/low-stock', z.array(lowStockItemSchema)),
  // CSV: every product out; rows in (`text/csv` body, `?dryRun=true` writes nothing).
  endpoint('GET', '/api/products/export.csv', z.string()),
  // With `?format=pies` a PIES file (`application/xml`): the trade import's report.
  endpoint('POST', '/api/products/import', z.union([tradeImportReportSchema, productImportReportSchema]), {
    body: z.string(),
    failures: { 422: z.union([tradeImportRefusedSchema, productImportRefusedSchema]) },
  }),
  // The import's columns and one made-up row, a file to start from.
  endpoint('GET', '/api/products/import-template.csv', z.string()),
  // Fitment: the vehicle base step by step (year → make → model → vehicles), a VIN, what a part fits,
  // any number that leads to a part, the buyer's garage, and the applications and numbers as CSV.
  endpoint('GET', '/api/vehicles/years', z.array(z.number().int())),
  endpoint('GET', '/api/vehicles/makes', z.array(z.string())),
  endpoint('GET', '/api/vehicles/models', z.array(z.string())),
  endpoint('GET', '/api/vehicles', z.array(vehicleSchema)),
  endpoint('GET', '/api/vehicles/vin/:vin', vinAnswerSchema),
  endpoint('GET', '/api/products/:id/fitment', z.array(applicationSchema)),
  endpoint('GET', '/api/parts/lookup', partLookupSchema),
  // Quick order: many typed numbers at once, each to the part for sale it leads to.
  endpoint('POST', '/api/parts/resolve', partsResolvedSchema, { body: partsResolveSchema }),
  endpoint('GET', '/api/garage', z.array(vehicleSchema)),
  endpoint('PUT', '/api/garage/:vehicleId', z.array(vehicleSchema)),
  endpoint('DELETE', '/api/garage/:vehicleId', z.array(vehicleSchema)),
  endpoint('GET', '/api/fitment/export.csv', z.string()),
  // With `?kind=vcdb` the VCdb ids of our vehicles (CSV); with `?format=aces` an ACES file (`application/xml`).
  endpoint('POST', '/api/fitment/import', z.union([tradeImportReportSchema, importReportSchema]), {
    body: z.string(),
    failures: { 422: z.union([tradeImportRefusedSchema, importRefusedSchema]) },
  }),
  // A picture, re-encoded to WebP at a few widths (multipart; admins).
  endpoint('POST', '/api/uploads', uploadAnswerSchema, { status: 201 }),
  // What removing a product touches: its unpaid orders (cancelled with it) and its paid ones still to ship.
  endpoint('GET', '/api/products/:id/open-orders', openOrdersSchema),
  // Orders
  endpoint('POST', '/api/orders', orderSchema, { status: 201, body: orderInputSchema }),
  endpoint('GET', '/api/orders', z.union([orderPageSchema, z.array(orderSchema)])),
  endpoint('GET', '/api/orders/export.csv', z.string()),
  endpoint('GET', '/api/orders/:email', z.union([orderPageSchema, z.array(orderSchema)])),
  endpoint('GET', '/api/order/:id', orderSchema),
  endpoint('DELETE', '/api/orders/:id', orderSchema),
  endpoint('PATCH', '/api/orders/:id', orderSchema, { body: orderPatchSchema }),
  endpoint('GET', '/api/orders/:id/history', z.array(orderEventSchema)),
  // Cancelling: a paid order that shipped nothing (admins; its whole charge refunded), or an unpaid one as DELETE.
  endpoint('POST', '/api/orders/:id/cancel', orderSchema),
  // Company-owned orders (issue 63): an admin of the order's company approves or declines an order over its buyer's
  // limit; the company's admins list and export its orders.
  endpoint('POST', '/api/orders/:id/approve', orderSchema),
  endpoint('POST', '/api/orders/:id/decline', orderSchema, { body: declineOrderSchema }),
  endpoint('GET', '/api/companies/:id/orders', orderPageSchema),
  endpoint('GET', '/api/companies/:id/orders.csv', z.string()),
  // The paid order's invoice as a PDF (its owner or an admin).
  endpoint('GET', '/api/orders/:id/invoice.pdf', z.string()),
  // Shipments (issue 61): a parcel of a paid order's units (admins), and its packing slip as a PDF (admins).
  endpoint('POST', '/api/orders/:id/shipments', shipmentSchema, { status: 201, body: shipmentRequestSchema }),
  endpoint('GET', '/api/shipments/:id/packing-slip.pdf', z.string()),
  // A refund's credit note as a PDF (the order's owner or an admin).
  endpoint('GET', '/api/refunds/:id/credit-note.pdf', z.string()),
  // The sales overview of `?from=YYYY-MM-DD&to=YYYY-MM-DD` in the shop's time zone (admins).
  endpoint('GET', '/api/admin/stats', salesStatsSchema),
  // Payments
  endpoint('GET', '/api/payments/config', paymentsConfigSchema),
  endpoint('POST', '/api/create-payment-intent', paymentIntentAnswerSchema, { body: paymentIntentRequestSchema }),
  endpoint('POST', '/api/payments/test/confirm', confirmedPaymentSchema, { body: testPaymentConfirmSchema }),
  endpoint('POST', '/api/payments/webhook', webhookAnswerSchema),
  endpoint('GET', '/api/payments', z.array(paymentRecordSchema)),
  // Reviews
  endpoint('GET', '/api/review', z.array(reviewSchema)),
  endpoint('POST', '/api/review', reviewSchema, { status: 201, body: reviewInputSchema }),
  // Moderation (issue 62): every review by status and rating; approve, reject (hidden) or hold one; delete one.
  endpoint('GET', '/api/admin/reviews', z.array(reviewSchema)),
  endpoint('PATCH', '/api/review/:id', reviewSchema, { body: reviewModerationSchema }),
  endpoint('DELETE', '/api/review/:id', null),
  endpoint('POST', '/api/admin/reviews/hide', reviewsHiddenSchema, { body: reviewBulkHideSchema }),
  // The home page's business summary: real figures when HOME_FIGURES=live.
  endpoint('GET', '/api/summary', homeSummarySchema),
  // Users
  endpoint('GET', '/api/user', z.array(userSchema)),
  endpoint('GET', '/api/user/:email', userSchema),
  endpoint('PATCH', '/api/user/:email', userSchema, { body: profileUpdateSchema }),
  endpoint('DELETE', '/api/user/:email', null),
  endpoint('PUT', '/api/user/admin/:email', userSchema),
  endpoint('GET', '/api/admin/:email', adminFlagSchema),
  // Contact
  endpoint('POST', '/api/contact', contactMessageSchema, { status: 201, body: contactInputSchema }),
  endpoint('GET', '/api/contact', z.array(contactMessageSchema)),
  // The inbox (admins): a message with its thread; mark it read or unread; reply to its sender by e-mail (kept in the thread, marks it read).
  endpoint('GET', '/api/contact/:id', contactMessageDetailSchema),
  endpoint('PATCH', '/api/contact/:id', contactMessageSchema, { body: contactReadSchema }),
  endpoint('POST', '/api/contact/:id/reply', contactMessageSchema, { body: contactReplySchema }),
  // Operations
  endpoint('GET', '/api/audit', z.array(auditEntrySchema)),
  // The latest e-mails the shop wrote, rendered (admins; not registered in production).
  endpoint('GET', '/api/admin/outbox', z.array(outboxEntrySchema)),
  endpoint('GET', '/api/health', healthSchema),
  // The server cart (issue 59): the signed-in buyer's own, following them across devices.
  endpoint('GET', '/api/cart', cartSchema),
  endpoint('PUT', '/api/cart', cartSchema, { body: cartInputSchema }),
  // Part numbers as people type them (issue 59): "Did you mean …" for a number nothing matched.
  endpoint('GET', '/api/parts/suggestions', z.array(numberSuggestionSchema)),
  // Trade data (ACES/PIES, issue 66): the applications and the products as the trade's XML files (admins).
  endpoint('GET', '/api/fitment/export.xml', z.string()),
  endpoint('GET', '/api/products/export.xml', z.string()),
  // A picture a PIES file linked (http/https), fetched into the shop's storage when staff ask.
  endpoint('POST', '/api/products/:id/picture/fetch', productSchema),
  // The checkout (issue 60): the buyer's address book.
  endpoint('GET', '/api/addresses', z.array(addressSchema)),
  endpoint('POST', '/api/addresses', addressSchema, { status: 201, body: addressInputSchema }),
  endpoint('PATCH', '/api/addresses/:id', addressSchema, { body: addressPatchSchema }),
  endpoint('DELETE', '/api/addresses/:id', null),
  // The checkout (issue 60): shipping and tax tables, exemptions (admins), quotes (anyone).
  endpoint('GET', '/api/admin/shipping', shippingConfigAnswerSchema),
  endpoint('PUT', '/api/admin/shipping', shippingConfigAnswerSchema, { body: shippingConfigSchema }),
  endpoint('GET', '/api/admin/tax', taxConfigAnswerSchema),
  endpoint('PUT', '/api/admin/tax', taxConfigAnswerSchema, { body: taxConfigSchema }),
  endpoint('PUT', '/api/admin/users/:email/tax-exemption', taxExemptionAnswerSchema, { body: taxExemptionSchema }),
  endpoint('DELETE', '/api/admin/users/:email/tax-exemption', null),
  endpoint('POST', '/api/checkout/quote', quoteSchema, { body: quoteRequestSchema, failures: { 422: noShippingMethodSchema } }),
  // Honest chrome (issue 59): the home page's "Parts our customers order most".
  endpoint('GET', '/api/products/most-ordered', z.array(productSchema)),
  // Choosing parts (issue 65): reviews of a part (public to read; signed-in buyers write their own).
  endpoint('GET', '/api/products/:id/reviews', partReviewPageSchema),
  endpoint('POST', '/api/products/:id/reviews', partReviewSchema, { status: 201, body: partReviewInputSchema }),
  endpoint('PATCH', '/api/products/:id/reviews/mine', partReviewSchema, { body: partReviewPatchSchema }),
  // Search: suggestions as one types (public; vehicles only from the signed-in buyer's garage), the staff's synonyms.
  endpoint('GET', '/api/search/suggest', suggestionsSchema),
  endpoint('GET', '/api/admin/search/synonyms', synonymGroupsAnswerSchema),
  endpoint('PUT', '/api/admin/search/synonyms', synonymGroupsAnswerSchema, { body: synonymGroupsSchema }),
  // Back-in-stock alerts (signed-in buyers, each their own).
  endpoint('POST', '/api/products/:id/stock-alert', stockAlertSchema, { status: 201 }),
  endpoint('DELETE', '/api/products/:id/stock-alert', null),
  endpoint('GET', '/api/stock-alerts', z.array(stockAlertSchema)),
  // Saved parts lists: the owner only (another account's list answers 404); CSV out and in (sku,quantity).
  endpoint('GET', '/api/lists', z.array(listSummarySchema)),
  endpoint('POST', '/api/lists', partsListSchema, { status: 201, body: listInputSchema }),
  endpoint('GET', '/api/lists/:id', partsListSchema),
  endpoint('PUT', '/api/lists/:id', partsListSchema, { body: listUpdateSchema }),
  endpoint('DELETE', '/api/lists/:id', null),
  endpoint('GET', '/api/lists/:id/export.csv', z.string()),
  endpoint('POST', '/api/lists/:id/import', importReportSchema, { body: z.string(), failures: { 422: importRefusedSchema } }),
  // After the sale (issue 61): returns. The buyer asks for one on their order; the staff approve or reject it,
  // receive the parts (which refunds them at once) and retry a refund the payment provider failed.
  endpoint('POST', '/api/orders/:id/returns', returnSchema, { status: 201, body: returnRequestSchema }),
  endpoint('GET', '/api/returns', returnPageSchema),
  endpoint('GET', '/api/returns/:id', returnSchema),
  endpoint('POST', '/api/returns/:id/approve', returnSchema),
  endpoint('POST', '/api/returns/:id/reject', returnSchema, { body: returnRejectSchema }),
  endpoint('POST', '/api/returns/:id/receive', returnSchema, { body: returnReceiveSchema }),
  endpoint('POST', '/api/returns/:id/refund', returnSchema),
  endpoint('GET', '/api/returns/:id/credit-note.pdf', z.string()),
  // Parts ranked by "doesn't fit" returns, with the vehicles named (admins).
  endpoint('GET', '/api/admin/fitment-quality', fitmentQualitySchema),
  // The back office (issue 62): the staff home's counts of what needs doing, and today's sales (admins).
  endpoint('GET', '/api/admin/home', adminHomeSchema),
  // Trade accounts (issue 63): a buyer applies, staff decide, the company's admins invite, change and remove
  // members; an invitee joins by the link's token.
  endpoint('POST', '/api/companies', companySchema, { status: 201, body: companyApplicationSchema }),
  endpoint('GET', '/api/companies/mine', myCompanySchema),
  endpoint('POST', '/api/companies/join', myCompanySchema, { body: joinCompanySchema }),
  endpoint('POST', '/api/companies/:id/invitations', invitationAnswerSchema, { status: 201, body: invitationSchema }),
  endpoint('PATCH', '/api/companies/:id/members/:userId', companyMemberSchema, { body: memberPatchSchema }),
  endpoint('DELETE', '/api/companies/:id/members/:userId', null),
  endpoint('GET', '/api/admin/companies', z.array(adminCompanySchema)),
  endpoint('PATCH', '/api/admin/companies/:id', adminCompanySchema, { body: companyDecisionSchema }),
  // Trade accounts (issue 63): staff price lists (admins); fixed prices as CSV (`text/csv` body on PUT).
  endpoint('GET', '/api/admin/price-lists', z.array(priceListSchema)),
  endpoint('GET', '/api/admin/price-lists/:id', priceListSchema),
  endpoint('PUT', '/api/admin/price-lists/:id', priceListSchema, { body: priceListInputSchema }),
  endpoint('DELETE', '/api/admin/price-lists/:id', null),
  endpoint('GET', '/api/admin/price-lists/:id/prices.csv', z.string()),
  endpoint('PUT', '/api/admin/price-lists/:id/prices.csv', priceListSchema, { body: z.string() }),
];

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]));
}

/**
 * The endpoint a call goes to: `url` may carry a query string and an origin. A path written out in full
 * ('/api/payments/config') is preferred over one with a parameter in its place.
 */
export function findEndpoint(method: string, url: string): Endpoint | undefined {
  const path = new URL(url, 'http://shop.invalid').pathname;
  const candidates = ENDPOINTS.filter((e) => e.method === method.toUpperCase() && matches(e.path, path));
  return candidates.find((e) => !e.path.includes(':')) ?? candidates[0];
}
