/**
 * The admin pages' preview of unsaved tables: what an order of this weight and value to this place would
 * be offered, each method with the tax the quote would charge on goods (standard class) and shipping.
 */
import type { Destination, ShippingConfig, TaxRate } from './checkout-schemas.js';
import { checkoutMessages } from './messages.js';
import { type Cents, formatCents } from './money.js';
import { formatWeight } from './catalog.js';
import { formatDestination, shippingOffers } from './shipping.js';
import { orderTax } from './tax.js';

export function previewLines(shipping: ShippingConfig, rates: readonly TaxRate[], to: Destination, grams: number, subtotalCents: Cents): string[] {
  const weight = formatWeight(grams);
  const where = formatDestination(to);
  const offers = shippingOffers(shipping, to, { grams, subtotalCents });
  if (offers.length === 0) return [checkoutMessages.admin.previewNone(weight, where)];
  return offers.map((offer) => {
    const goods = subtotalCents > 0 ? [{ lineTotalCents: subtotalCents, coreDepositCents: 0, taxClass: 'standard' as const }] : [];
    const tax = orderTax(rates, to, goods, offer.priceCents).taxCents;
    return checkoutMessages.admin.previewLine(weight, where, offer.name, formatCents(offer.priceCents), formatCents(tax));
  });
}
