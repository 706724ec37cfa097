import type { ReactNode } from 'react';
import type { Product } from '../../../../shared/api.js';
import { ProductFacts, type FactsAction } from './ProductFacts.js';
import { SpecTable } from './SpecTable.js';

/**
 * A product on a page of its own, the public one (parts/{sku}) and place-order/{id} alike: its facts,
 * part number and category, its spec table, then the page's action.
 */
export function ProductDetails({ product, action, besideAction }: { product: Product; action: FactsAction; besideAction?: ReactNode }) {
  return (
    <div className="card grid gap-8 overflow-hidden md:grid-cols-2">
      <ProductFacts product={product} layout="page" action={action} besideAction={besideAction}>
        <SpecTable specs={product.specs} />
      </ProductFacts>
    </div>
  );
}
