import { messages } from '../../../../shared/messages.js';
import { yourPriceLabel } from '../../../../shared/trade-buyer-price-copy.js';
import { dollars, type LinePrice } from '../quantity.js';

const text = messages.ui.pricing;

/**
 * The unit price a quantity gets: "$81 each", after the list price struck through when a price break
 * applies, and the next price break within reach ("Order 500 for $76 each"). A trade account member's
 * (issue 63) reads "Your price:", the public price for that quantity struck through when theirs is lower.
 */
export function TierPrice({ price }: { price: LinePrice }) {
  const member = price.publicCents !== null;
  const struck = member ? (price.publicCents! > price.unitCents ? price.publicCents! : null) : price.unitCents < price.listCents ? price.listCents : null;
  return (
    <>
      {member && (
        <>
          <span className="font-semibold text-emerald-800" data-testid="your-price-label">
            {yourPriceLabel}:
          </span>{' '}
        </>
      )}
      {struck !== null && (
        <>
          <span className="sr-only">{text.listPrice}:</span>{' '}
          <s className="text-slate-600" data-testid="list-price">
            ${dollars(struck)}
          </s>{' '}
        </>
      )}
      <strong className="font-semibold text-slate-900" data-testid="unit-price">
        {text.each(dollars(price.unitCents))}
      </strong>
      {price.next && (
        // The space keeps the two sentences apart for screen readers (the block alone does not).
        <>
          {' '}
          <span className="block text-xs text-emerald-800" data-testid="next-tier">
            {text.nextTier(price.next.quantity, dollars(price.next.unitCents))}
          </span>
        </>
      )}
    </>
  );
}
