import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDollars } from '../../../shared/money.js';
import { useProduct } from '../../api/products.js';
import { useAuth } from '../../auth/auth-context.js';
import { QueryState } from '../../components/QueryState.js';
import { OrderModal } from './OrderModal.js';

export function PlaceOrderPage() {
  const { id } = useParams();
  const product = useProduct(id);
  const { user } = useAuth();
  const [open, setOpen] = useState(false);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <title>{product.data ? `${product.data.name} – Place order – Partsmith` : 'Place order – Partsmith'}</title>
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-slate-700">
        <Link to="/allProducts" className="underline hover:text-brand-700">
          All Products
        </Link>{' '}
        / <span aria-current="page">{product.data?.name ?? 'Product'}</span>
      </nav>
      <QueryState query={product} label="the product">
        {(item) => (
          <div className="card grid gap-8 overflow-hidden md:grid-cols-2">
            <div className="flex items-center justify-center bg-slate-100 p-8">
              <img src={item.img} alt={item.name} width={480} height={360} className="h-auto w-full max-w-md object-contain" />
            </div>
            <div className="flex flex-col gap-4 p-6 md:p-8">
              <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{item.name}</h1>
              <p className="text-slate-700">{item.description}</p>
              <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 text-slate-800">
                <li className="px-4 py-3">Available Items: {item.stock} units</li>
                <li className="px-4 py-3">Minimum Order Quantity: {item.min} units</li>
                <li className="px-4 py-3 text-lg font-bold text-slate-900">Price: ${formatDollars(item.price)} (per unit)</li>
              </ul>
              <div className="mt-auto">
                <button type="button" className="btn-primary px-6 py-3 text-base" onClick={() => setOpen(true)}>
                  Place Order Now
                </button>
              </div>
            </div>
            {user && <OrderModal open={open} onClose={() => setOpen(false)} product={item} user={user} />}
          </div>
        )}
      </QueryState>
    </div>
  );
}
