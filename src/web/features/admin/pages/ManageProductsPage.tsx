import type { Product } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { formatDollars } from '../../../../shared/money.js';
import { useProductPages } from '../../catalog/api-pages.js';
import { useRemoveProduct } from '../api.js';
import { LoadMore } from '../../../components/LoadMore.js';
import { QueryState } from '../../../components/QueryState.js';
import { DataTable } from '../../../components/DataTable.js';
import { Panel } from '../../../components/Panel.js';
import { useConfirm } from '../../../components/useConfirm.js';

export function ManageProductsPage() {
  const products = useProductPages();
  const remove = useRemoveProduct();
  const { ask, dialog } = useConfirm();

  const onRemove = (product: Product) =>
    ask(messages.confirm.removeProduct(product.name, product.stock), async () => {
      await remove.mutateAsync(product._id);
      return messages.toast.productRemoved(product.name, product.stock);
    });

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
                    <img
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
                      onClick={() => onRemove(product)}
                      aria-label={`Remove ${product.name}`}
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
