import type { ReactNode } from 'react';
import type { Product } from '../../../../shared/api.js';
import { PartNumbers } from '../../fitment/components/PartNumbers.js';
import { PriceBreakTable } from './PriceBreakTable.js';
import { ProductFacts, type FactsAction } from './ProductFacts.js';
import { SpecTable } from './SpecTable.js';

interface ProductDetailsProps {
  product: Product;
  action: FactsAction;
  besideAction?: ReactNode;
  /** Above the specs (the public page's "Fits your …"). */
  children?: ReactNode;
}

/**
 * A product on a page of its own, the public one (parts/{sku}) and place-order/{id} alike: its facts,
 * part number and category, its price breaks, its spec table and the numbers that lead to it, then the page's action.
 */
export function ProductDetails({ product, action, besideAction, children }: ProductDetailsProps) {
  return (
    <div className="card grid grid-cols-1 gap-8 overflow-hidden md:grid-cols-2 [&>*]:min-w-0">
      <ProductFacts product={product} layout="page" action={action} besideAction={besideAction}>
        <PriceBreakTable product={product} />
        {children}
        <SpecTable specs={product.specs} />
        <PartNumbers numbers={product.numbers} />
      </ProductFacts>
    </div>
  );
}
