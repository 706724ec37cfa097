import type { Product } from '../../../../shared/api.js';
import { ProductFacts } from './ProductFacts.js';

interface ProductCardProps {
  product: Product;
  /** A card in the first row, whose picture may be the page's largest paint, so not lazy. */
  eager?: boolean;
  /** The name's heading level: h2 right under a page's h1, h3 under a section's h2. */
  heading?: 'h2' | 'h3';
}

/** A part's public page: its part number, whole, as one path segment. */
export const productPath = (sku: string) => `/parts/${encodeURIComponent(sku)}`;

export function ProductCard({ product, eager = false, heading = 'h3' }: ProductCardProps) {
  return (
    <article className="card flex h-full w-full flex-col overflow-hidden transition-shadow hover:shadow-md">
      <ProductFacts
        product={product}
        layout="card"
        heading={heading}
        eager={eager}
        href={productPath(product.sku)}
        action={{ label: 'Order Now', name: `Order Now: ${product.name}`, to: `/place-order/${product._id}` }}
      />
    </article>
  );
}

export function ProductGrid({ products, heading = 'h3' }: { products: Product[]; heading?: 'h2' | 'h3' }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {products.map((product, index) => (
        <li key={product._id} className="flex">
          <ProductCard product={product} eager={index < 3} heading={heading} />
        </li>
      ))}
    </ul>
  );
}
