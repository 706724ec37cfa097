import { Link } from 'react-router';
import type { Product } from '../../shared/api.js';
import { formatDollars } from '../../shared/money.js';

/** `eager`: a card in the first row, whose picture may be the page's largest paint, so not lazy. */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  return (
    <article className="card flex h-full w-full flex-col overflow-hidden transition-shadow hover:shadow-md">
      <div className="flex aspect-[4/3] items-center justify-center bg-slate-100">
        <img
          src={product.img}
          alt={product.name}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          width={400}
          height={300}
          className="h-full w-full object-contain p-4"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="text-lg font-bold text-slate-900">{product.name}</h3>
        <p className="line-clamp-3 text-sm text-slate-700">{product.description}</p>
        <ul className="mt-1 space-y-1 text-sm text-slate-800">
          <li>Available Items: {product.stock} units</li>
          <li>Minimum Order Quantity: {product.min} units</li>
          <li className="font-semibold text-slate-900">Price: ${formatDollars(product.price)} (per unit)</li>
        </ul>
        <div className="mt-auto pt-3">
          <Link to={`/place-order/${product._id}`} className="btn-primary w-full" aria-label={`Order Now: ${product.name}`}>
            Order Now
          </Link>
        </div>
      </div>
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
