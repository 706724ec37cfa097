import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import type { OpenOrders, Product } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { formatDollars } from '../../../../shared/money.js';
import { useProductPages } from '../../catalog/api-pages.js';
import { ProductImage } from '../../catalog/components/ProductImage.js';
import { fetchOpenOrders, useRemoveProduct } from '../api.js';
import { LoadMore } from '../../../components/LoadMore.js';
import { QueryState } from '../../../components/QueryState.js';
import { DataTable } from '../../../components/DataTable.js';
import { Panel } from '../../../components/Panel.js';
import { useConfirm } from '../../../components/useConfirm.js';
import { errorText } from '../../../lib/form-errors.js';

/** What removing the product does to its orders, after the SPEC's question: nothing to say when it has none. */
function openOrdersDetails({ unpaid, toShip }: OpenOrders): string[] {
  return [
    ...(unpaid > 0 ? [messages.ui.unpaidOrdersCancelled(unpaid)] : []),
    ...(toShip > 0 ? [messages.ui.paidOrdersStay(toShip)] : []),
  ];
}

export function ManageProductsPage() {
  const products = useProductPages();
  const remove = useRemoveProduct();
  const { ask, dialog } = useConfirm();
  // The product whose open orders are being asked for, before its confirmation opens.
  const [checking, setChecking] = useState<string | null>(null);

  const onRemove = async (product: Product) => {
    setChecking(product._id);
    let open: OpenOrders;
    try {
      open = await fetchOpenOrders(product._id);
    } catch (failure) {
      toast.error(errorText(failure));
      return;
    } finally {
      setChecking(null);
    }
    ask(
      messages.confirm.removeProduct(product.name, product.stock),
      async () => {
        await remove.mutateAsync(product._id);
        return messages.toast.productRemoved(product.name, product.stock);
      },
      { ...messages.ui.confirmButtons.removeProduct, details: openOrdersDetails(open) },
    );
  };

  return (
    <Panel title="Manage Products">
      <title>Manage Products – Partsmith</title>
      <QueryState query={products} label="products">
        {(data) => (
          <>
            <DataTable label="Products" columns={['Image', 'Name', 'Stock (units)', 'Price ($)', 'Action']}>
              {data.pages.flatMap((page) => page.items).map((product) => (
                <tr key={product._id}>
                  <td>
                    <ProductImage
                      src={product.img}
                      alt=""
                      width={56}
                      height={42}
                      loading="lazy"
                      className="h-10 w-14 rounded bg-slate-100 object-contain"
                    />
                  </td>
                  <td className="font-medium">{product.name}</td>
                  <td>{product.stock}</td>
                  <td>${formatDollars(product.price)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn-danger px-3 py-1.5"
                      onClick={() => void onRemove(product)}
                      aria-label={`Remove ${product.name}`}
                      disabled={checking === product._id}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </DataTable>
            <LoadMore
              hasMore={Boolean(products.hasNextPage)}
              loading={products.isFetchingNextPage}
              onLoadMore={() => void products.fetchNextPage()}
            />
          </>
        )}
      </QueryState>
      {dialog}
    </Panel>
  );
}
