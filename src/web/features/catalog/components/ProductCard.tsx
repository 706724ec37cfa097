import { Link } from 'react-router';
import type { Product } from '../../../../shared/api.js';
import { ProductFacts } from './ProductFacts.js';

/** `eager`: a card in the first row, whose picture may be the page's largest paint, so not lazy. */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  return (
    <article className="card flex h-full w-full flex-col overflow-hidden transition-shadow hover:shadow-md">
      <ProductFacts
        product={product}
        layout="card"
        eager={eager}
        action={
          <Link to={`/place-order/${product._id}`} className="btn-primary w-full" aria-label={`Order Now: ${product.name}`}>
            Order Now
          </Link>
        }
      />
    </article>
  );
}

export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {products.map((product, index) => (
        <li key={product._id} className="flex">
          <ProductCard product={product} eager={index < 3} />
        </li>
      ))}
    </ul>
  );
}
