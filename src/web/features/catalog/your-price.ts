import type { Product } from '../../../shared/api.js';
import { dollarsToCents } from '../../../shared/money.js';
import { type Pricing, pricingOf } from '../../../shared/pricing.js';

type Priced = Pick<Product, 'price' | 'priceBreaks' | 'yourPrice' | 'yourPriceBreaks'>;

/**
 * What this buyer pays for a part, as a price list: a trade account member's own (issue 63: `yourPrice` at the
 * part's minimum and `yourPriceBreaks`, from the server's memberPricing), else the public one. Right from the
 * part's minimum quantity on: at it, the tiers reached there price it at `yourPrice`.
 */
export function buyerPricing(product: Priced): Pricing {
  if (product.yourPrice === undefined) return pricingOf(product);
  return {
    priceCents: dollarsToCents(product.yourPrice),
    tiers: (product.yourPriceBreaks ?? []).map((tier) => ({ minQuantity: tier.minQuantity, priceCents: dollarsToCents(tier.price) })),
  };
}

/** Whether the answer carries a member's own price (only a signed-in member's answers do). */
export const hasYourPrice = (product: Priced) => product.yourPrice !== undefined;
