import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { QueryState } from '../../../components/QueryState.js';
import { useAuth } from '../../auth/auth-context.js';
import { useProduct } from '../../catalog/api.js';
import { ProductDetails } from '../../catalog/components/ProductDetails.js';
import { OrderModal } from '../components/OrderModal.js';

export function PlaceOrderPage() {
  const { id } = useParams();
  const product = useProduct(id);
  const { user } = useAuth();
  // From a part's page with the quantity typed there: the order form opens at once with it.
  const [search] = useSearchParams();
  const typed = Number(search.get('quantity'));
  const quantity = Number.isInteger(typed) && typed > 0 ? typed : undefined;
  const [open, setOpen] = useState(quantity !== undefined);

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
          <>
            <ProductDetails product={item} action={{ label: 'Place Order Now', onClick: () => setOpen(true) }} />
            {user && <OrderModal open={open} onClose={() => setOpen(false)} product={item} user={user} quantity={quantity} />}
          </>
        )}
      </QueryState>
    </div>
  );
}
