import type { Product } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { centsToDollars, formatDollars } from '../../../../shared/money.js';
import { unitPriceCentsFor } from '../../../../shared/pricing.js';
import { yourPriceLabel } from '../../../../shared/trade-buyer-price-copy.js';
import { buyerPricing, hasYourPrice } from '../your-price.js';

const text = messages.ui.pricing;

/**
 * A part's unit price by quantity: from its minimum order (the base price, or a tier it already reaches),
 * then each price break above it. Nothing for a part without price breaks (its Price says it all). A trade
 * account member (issue 63) sees their own tiers instead of the public ones, under "Your price".
 */
export function PriceBreakTable({ product }: { product: Product }) {
  const pricing = buyerPricing(product);
  if (pricing.tiers.length === 0) return null;
  const rows = [
    { from: product.min, priceCents: unitPriceCentsFor(pricing, product.min) },
    ...pricing.tiers.filter((tier) => tier.minQuantity > product.min).map((tier) => ({ from: tier.minQuantity, priceCents: tier.priceCents })),
  ];
  return (
    <table className="w-full overflow-hidden rounded-xl border border-slate-200 text-left text-sm">
      <caption className="mb-2 text-left text-base font-bold text-slate-900">{hasYourPrice(product) ? `${text.breaksCaption} – ${yourPriceLabel}` : text.breaksCaption}</caption>
      <thead className="bg-slate-50 text-slate-800">
        <tr>
          {text.columns.map((column) => (
            <th key={column} scope="col" className="px-4 py-2 font-semibold">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {rows.map((row) => (
          <tr key={row.from}>
            <td className="px-4 py-2 text-slate-800">{text.from(row.from)}</td>
            <td className="px-4 py-2 font-semibold text-slate-900">{text.each(formatDollars(centsToDollars(row.priceCents)))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
