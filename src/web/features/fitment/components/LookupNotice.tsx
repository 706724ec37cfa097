import { Link } from 'react-router';
import { PART_NUMBER_TYPE_LABELS } from '../../../../shared/fitment.js';
import { messages } from '../../../../shared/messages.js';
import { productPath } from '../../../../shared/paths.js';
import { usePartLookup } from '../api.js';

const text = messages.ui.fitment;

/**
 * Above the search's results, when the search is a number some part carries: "04465-02220 is the OE number
 * of Brake Pads (BR-2040)", the part a link to its page. Nothing for a search that is not a part number or
 * that no part carries.
 */
export function LookupNotice({ search }: { search: string }) {
  const lookup = usePartLookup(search);
  if (!lookup.data) return null;
  const { product, matchedAs, number } = lookup.data;
  return (
    <p className="mb-6 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-slate-900" data-testid="number-match">
      {text.lookup(number, PART_NUMBER_TYPE_LABELS[matchedAs])}{' '}
      <Link to={productPath(product.sku)} className="font-semibold underline hover:text-brand-700">
        {text.lookupPart(product.name, product.sku)}
      </Link>
    </p>
  );
}
