import { memo, type ReactNode } from 'react';
import type { Product } from '../../../../shared/api.js';
import { productPath } from '../../../../shared/paths.js';
import { AddToCartButton } from './AddToCartButton.js';
import { ProductFacts } from './ProductFacts.js';

interface ProductCardProps {
  product: Product;
  /** A card in the first row, whose picture may be the page's largest paint, so not lazy. */
  eager?: boolean;
  /** The name's heading level: h2 right under a page's h1, h3 under a section's h2. */
  heading?: 'h2' | 'h3';
  /** More about the part above its action (whether it fits the vehicle shopped for). */
  children?: ReactNode;
}

/**
 * Memoised: a grid's page renders again when anything of its own arrives or changes (the categories, the
 * vehicle list, each letter typed in the search box), and its two dozen cards need not, unless their part did.
 */
export const ProductCard = memo(function ProductCard({ product, eager = false, heading = 'h3', children }: ProductCardProps) {
  return (
    <article className="card flex h-full w-full flex-col overflow-hidden transition-shadow hover:shadow-md">
      <ProductFacts
        product={product}
        layout="card"
        heading={heading}
        eager={eager}
        href={productPath(product.sku)}
        action={{ label: 'Order Now', name: `Order Now: ${product.name}`, to: `/place-order/${product._id}` }}
        besideAction={<AddToCartButton product={product} className="btn-secondary flex-1" />}
      >
        {children}
      </ProductFacts>
    </article>
  );
});

interface ProductGridProps {
  products: Product[];
  heading?: 'h2' | 'h3';
  /** More about each part, on its card (the catalog's fit line for the vehicle shopped for). */
  more?: (product: Product) => ReactNode;
}

export function ProductGrid({ products, heading = 'h3', more }: ProductGridProps) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {products.map((product, index) => {
        const firstRow = index < 3;
        // Cards below the first row are laid out and painted only as they near the screen (a card is about
        // 36rem tall, whatever the columns); the first row's pictures may be the page's largest paint.
        return (
          <li key={product._id} className={firstRow ? 'flex' : 'flex [content-visibility:auto] [contain-intrinsic-size:auto_36rem]'}>
            <ProductCard product={product} eager={firstRow} heading={heading}>
              {more?.(product)}
            </ProductCard>
          </li>
        );
      })}
    </ul>
  );
}
