/**
 * One quote, written once: goods priced by their tiers, the destination's shipping methods, the tax
 * lines and the total. The server quotes (and later charges) with it; the admin pages preview with it.
 */
import type { Destination, ShippingConfig, TaxClass, TaxRate } from './checkout-schemas.js';
import { type Cents, centsToDollars, orderTotalCents } from './money.js';
import { type Pricing, unitPriceCentsFor } from './pricing.js';
import { type ShippingOffer, shippingOffers } from './shipping.js';
import { isReverseCharge, orderTax, type TaxLine, untaxed } from './tax.js';
import type { VatId } from './vat-id.js';

export interface QuoteLineInput {
  productId: number;
  quantity: number;
  pricing: Pricing;
  /** One unit's shipping weight. */
  unitWeightGrams: number;
  taxClass: TaxClass;
  /** One unit's core deposit (0: none). */
  coreChargeCents: Cents;
}

export interface QuoteInput {
  lines: readonly QuoteLineInput[];
  to: Destination;
  shipping: ShippingConfig;
  rates: readonly TaxRate[];
  shopCountry: string;
  /** The buyer's VAT ID, once found valid. */
  vatId: VatId | null;
  taxExempt: boolean;
  /** The method the buyer chose; none: the cheapest. */
  methodId?: string;
}

export interface QuoteLine {
  productId: number;
  quantity: number;
  unitPriceCents: Cents;
  lineTotalCents: Cents;
  coreChargeCents: Cents;
  /** Every unit's core deposit. */
  coreDepositCents: Cents;
  /** The tax of the line's goods and of its core deposits, each rounded on its own (0 untaxed). */
  taxCents: Cents;
  coreTaxCents: Cents;
}

export interface Quote {
  lines: QuoteLine[];
  subtotalCents: Cents;
  coreDepositCents: Cents;
  weightGrams: number;
  methods: ShippingOffer[];
  method: ShippingOffer;
  shippingCents: Cents;
  taxLines: TaxLine[];
  /** The part of taxCents charged on the shipping. */
  shippingTaxCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
  reverseCharge: boolean;
  taxExempt: boolean;
}

export type QuoteOutcome = { quote: Quote } | { problem: 'no_shipping_method' | 'method_unavailable'; weightGrams: number };

export function quoteOrder(input: QuoteInput): QuoteOutcome {
  const lines = input.lines.map((line) => {
    const unitPriceCents = unitPriceCentsFor(line.pricing, line.quantity);
    return {
      productId: line.productId,
      quantity: line.quantity,
      unitPriceCents,
      lineTotalCents: orderTotalCents(unitPriceCents, line.quantity),
      coreChargeCents: line.coreChargeCents,
      coreDepositCents: orderTotalCents(line.coreChargeCents, line.quantity),
      taxClass: line.taxClass,
    };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const coreDepositCents = lines.reduce((sum, line) => sum + line.coreDepositCents, 0);
  const weightGrams = input.lines.reduce((sum, line) => sum + line.unitWeightGrams * line.quantity, 0);
  const methods = shippingOffers(input.shipping, input.to, { grams: weightGrams, subtotalCents });
  if (methods.length === 0) return { problem: 'no_shipping_method', weightGrams };
  const method = input.methodId === undefined ? methods[0] : methods.find((offer) => offer.id === input.methodId);
  if (!method) return { problem: 'method_unavailable', weightGrams };
  const reverseCharge = isReverseCharge(input.shopCountry, input.to, input.vatId);
  const tax = reverseCharge || input.taxExempt ? untaxed(lines) : orderTax(input.rates, input.to, lines, method.priceCents);
  return {
    quote: {
      lines: lines.map(({ taxClass: _taxClass, ...line }, i) => ({ ...line, ...tax.lines[i]! })),
      subtotalCents,
      coreDepositCents,
      weightGrams,
      methods,
      method,
      shippingCents: method.priceCents,
      taxLines: tax.taxLines,
      shippingTaxCents: tax.shippingTaxCents,
      taxCents: tax.taxCents,
      totalCents: subtotalCents + coreDepositCents + method.priceCents + tax.taxCents,
      reverseCharge,
      taxExempt: input.taxExempt && !reverseCharge,
    },
  };
}

/** A quote as POST /api/checkout/quote answers it: dollars. */
export function quoteToWire(quote: Quote) {
  return {
    lines: quote.lines.map((line) => ({
      productId: String(line.productId),
      quantity: line.quantity,
      unitPrice: centsToDollars(line.unitPriceCents),
      lineTotal: centsToDollars(line.lineTotalCents),
      coreCharge: centsToDollars(line.coreChargeCents),
    })),
    subtotal: centsToDollars(quote.subtotalCents),
    coreDeposit: centsToDollars(quote.coreDepositCents),
    weightGrams: quote.weightGrams,
    methods: quote.methods.map((offer) => ({ id: offer.id, name: offer.name, price: centsToDollars(offer.priceCents), minDays: offer.minDays, maxDays: offer.maxDays })),
    shippingMethodId: quote.method.id,
    shipping: centsToDollars(quote.shippingCents),
    taxLines: quote.taxLines.map((line) => ({ name: line.name, rate: line.rate, amount: centsToDollars(line.amountCents) })),
    tax: centsToDollars(quote.taxCents),
    total: centsToDollars(quote.totalCents),
    reverseCharge: quote.reverseCharge,
    taxExempt: quote.taxExempt,
  };
}
