/**
 * A checkout quote: the server's own prices for the lines, the destination's shipping methods, the tax
 * and the total, read from the catalog, the buyer's address book and the shipping and tax tables. The
 * order flow is to price an order with this same function, in its transaction (`db`), so what a buyer
 * is quoted is what is charged.
 */
import type { Destination, QuoteRequest } from '../../shared/checkout-schemas.js';
import { type Quote, quoteOrder, type QuoteLineInput } from '../../shared/checkout.js';
import { checkoutMessages, errorMessages } from '../../shared/messages.js';
import { quantityError } from '../../shared/quantity.js';
import { formatWeight } from '../../shared/catalog.js';
import { formatDestination } from '../../shared/shipping.js';
import { getOwnAddress } from '../addresses/service.js';
import { membershipOf } from '../companies/service.js';
import { pricingOfProduct, visibleProductsById } from '../catalog/service.js';
import type { Config } from '../config.js';
import type { Executor, ProductRow } from '../db/schema.js';
import type { VatId } from '../../shared/vat-id.js';
import type { Viewer } from '../http/access.js';
import { badRequest, HttpError, unauthenticated } from '../http/errors.js';
import { checkedVatId } from '../shipping-tax/vat-check.js';
import { shippingConfig, shopToday, taxRates, validTaxExemption } from '../shipping-tax/service.js';
import type { Pricing } from '../../shared/pricing.js';
import { pricingForBuyer } from './buyer-pricing.js';

/** No method reaches the destination for this order: 422 (the quote answers `{ code, message }`). */
export class NoShippingMethod extends HttpError {
  constructor(message: string) {
    super(422, 'no_shipping_method', message);
  }
}

async function destinationOf(db: Executor, viewer: Viewer | null, request: QuoteRequest): Promise<Destination> {
  if (request.shippingAddress) return request.shippingAddress;
  if (!viewer) throw unauthenticated();
  const address = await getOwnAddress(db, viewer.id, request.addressId!, (await membershipOf(db, viewer.id))?.companyId ?? null);
  return { country: address.country, region: address.region, postalCode: address.postalCode };
}

/** A part as the quote weighs, prices (the buyer's pricing, public unless given) and taxes it. */
export function quoteLineOf(product: ProductRow, quantity: number, pricing: Pricing = pricingOfProduct(product)): QuoteLineInput {
  return {
    productId: product.id,
    quantity,
    pricing,
    unitWeightGrams: product.weight_grams,
    taxClass: product.tax_class,
    coreChargeCents: product.core_charge_cents,
  };
}

/**
 * The lines as the buyer pays for them (a member's price list applied, flows/buyer-pricing.ts); 400
 * naming the line of a part not for sale or a quantity it refuses.
 */
async function pricedLines(db: Executor, viewer: Viewer | null, lines: QuoteRequest['lines'], config: Pick<Config, 'shop'>): Promise<QuoteLineInput[]> {
  const products = await visibleProductsById(db, lines.map((line) => line.productId));
  const buyer = await pricingForBuyer(db, viewer, products.values(), config.shop);
  return lines.map((line, i) => {
    const product = products.get(line.productId);
    if (!product) throw badRequest(errorMessages.productNotForSale, { [`lines.${i}.productId`]: errorMessages.productNotForSale });
    const pricing = buyer.of(product);
    const problem = quantityError(line.quantity, { min: product.min_quantity, stock: product.stock, packSize: product.pack_size, pricing });
    if (problem) throw badRequest(problem.message, { [`lines.${i}.quantity`]: problem.message });
    return quoteLineOf(product, line.quantity, pricing);
  });
}

/**
 * The buyer's own valid exemption, else (a member of an approved company) the company's certificate, and
 * the VAT ID to check: the one typed, else the company's.
 */
async function buyersTaxStanding(db: Executor, viewer: Viewer | null, typedVatId: string | undefined, config: Pick<Config, 'shop'>) {
  if (!viewer) return { exemption: undefined, vatId: typedVatId };
  const [own, membership] = await Promise.all([validTaxExemption(db, viewer.id, shopToday(config.shop.timeZone)), membershipOf(db, viewer.id)]);
  const exemption = own ?? (membership?.taxCertificate ? { certificate: membership.taxCertificate } : undefined);
  return { exemption, vatId: typedVatId || membership?.vatId || undefined };
}

/** Where and how an order goes, and the buyer's VAT ID as typed. */
export interface Delivery {
  to: Destination;
  shippingMethodId?: string | undefined;
  vatId?: string | undefined;
}

/** A quote, with the checked VAT ID and the exemption certificate that made it tax-free, if any. */
export interface CheckedQuote {
  quote: Quote;
  vatId: VatId | null;
  exemption: { certificate: string } | undefined;
}

/**
 * Prices lines for a delivery: the shipping and tax tables as they are in `db` (the order's transaction,
 * when placing one), the buyer's exemption, the VAT ID checked. 422 when no method reaches the
 * destination, 400 when the chosen method does not.
 */
export async function quoteDelivery(
  db: Executor,
  viewer: Viewer | null,
  lines: readonly QuoteLineInput[],
  delivery: Delivery,
  config: Pick<Config, 'checkout' | 'shop'>,
): Promise<CheckedQuote> {
  const standing = await buyersTaxStanding(db, viewer, delivery.vatId, config);
  const vatId = standing.vatId ? await checkedVatId(config.checkout.vatCheck, standing.vatId) : null;
  const { exemption } = standing;
  const [shipping, rates] = await Promise.all([shippingConfig(db), taxRates(db)]);
  const { to } = delivery;
  const outcome = quoteOrder({ lines, to, shipping, rates, shopCountry: config.checkout.shopCountry, vatId, taxExempt: exemption !== undefined, methodId: delivery.shippingMethodId });
  if ('quote' in outcome) return { quote: outcome.quote, vatId, exemption: outcome.quote.taxExempt ? exemption : undefined };
  if (outcome.problem === 'no_shipping_method') throw new NoShippingMethod(checkoutMessages.noShippingMethod(formatDestination(to), formatWeight(outcome.weightGrams)));
  throw new HttpError(400, 'validation', checkoutMessages.shippingMethodUnavailable, { shippingMethodId: checkoutMessages.shippingMethodUnavailable });
}

export async function quoteCheckout(db: Executor, viewer: Viewer | null, request: QuoteRequest, config: Pick<Config, 'checkout' | 'shop'>): Promise<Quote> {
  const [to, lines] = await Promise.all([destinationOf(db, viewer, request), pricedLines(db, viewer, request.lines, config)]);
  const { quote } = await quoteDelivery(db, viewer, lines, { to, shippingMethodId: request.shippingMethodId, vatId: request.vatId }, config);
  return quote;
}
