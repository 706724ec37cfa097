import { useState } from 'react';
import { toast } from '../../../lib/toast.js';
import type { OpenOrders, Product } from '../../../../shared/api.js';
import { tablesCopy } from '../../../../shared/back-office-copy.js';
import { formatQuantity } from '../../../../shared/format.js';
import { messages } from '../../../../shared/messages.js';
import { formatDollars } from '../../../../shared/money.js';
import { ProductImage } from '../../catalog/components/ProductImage.js';
import { fetchOpenOrders, useAdminProductPages, useRemoveProduct, useUpdateProduct } from '../api.js';
import { AdminProductFilters, type FilterInputs } from '../components/AdminProductFilters.js';
import { HistoryDialog } from '../components/HistoryDialog.js';
import { RestockDialog } from '../components/RestockDialog.js';
import { ActionsMenu, type MenuAction } from '../../../components/ActionsMenu.js';
import { LoadMore } from '../../../components/LoadMore.js';
import { QueryState } from '../../../components/QueryState.js';
import { DataTable } from '../../../components/DataTable.js';
import { Panel } from '../../../components/Panel.js';
import { useConfirm } from '../../../components/useConfirm.js';
import { errorText } from '../../../lib/form-errors.js';
import { useDebounced } from '../../../lib/useDebounced.js';

const text = messages.ui.productAdmin;

/**
 * What removing the product does to its orders, after the original storefront's question
 * (docs/legacy-contract.md#confirmations): nothing to say when it has none.
 */
function openOrdersDetails({ unpaid, toShip }: OpenOrders): string[] {
  return [
    ...(unpaid > 0 ? [messages.ui.unpaidOrdersCancelled(unpaid)] : []),
    ...(toShip > 0 ? [messages.ui.paidOrdersStay(toShip)] : []),
  ];
}

function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        active ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'
      }`}
    >
      {active ? 'active' : 'archived'}
    </span>
  );
}

export function ManageProductsPage() {
  const [inputs, setInputs] = useState<FilterInputs>({ search: '', category: '', status: 'all' });
  const q = useDebounced(inputs.search.trim(), 300);
  const products = useAdminProductPages({ q, category: inputs.category, status: inputs.status });
  const remove = useRemoveProduct();
  const update = useUpdateProduct();
  const { ask, dialog } = useConfirm();
  // The product whose open orders are being asked for, before its confirmation opens.
  const [checking, setChecking] = useState<string | null>(null);
  const [restocking, setRestocking] = useState<Product | null>(null);
  const [historyOf, setHistoryOf] = useState<Product | null>(null);

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

  // Archiving takes a part off the shop: asked first. Restoring puts it back: done at once, the toast says so.
  const onArchive = (product: Product) =>
    ask(
      text.confirmArchive(product.name),
      async () => {
        await update.mutateAsync({ id: product._id, patch: { active: false } });
        return text.archived(product.name);
      },
      text.archiveButtons,
    );
  const onRestore = async (product: Product) => {
    try {
      await update.mutateAsync({ id: product._id, patch: { active: true } });
      toast.success(text.restored(product.name));
    } catch (failure) {
      toast.error(errorText(failure));
    }
  };
  const updating = update.isPending ? update.variables.id : null;

  // One line a part: its actions in a menu, Remove (still asked first) among them rather than always in reach.
  const actions = (product: Product): MenuAction[] => [
    { label: 'Edit', name: `Edit ${product.name}`, to: `/dashboard/edit-product/${product._id}` },
    { label: 'Restock', name: `Restock ${product.name}`, onSelect: () => setRestocking(product) },
    product.active
      ? { label: 'Archive', name: `Archive ${product.name}`, onSelect: () => onArchive(product), disabled: updating === product._id }
      : { label: 'Restore', name: `Restore ${product.name}`, onSelect: () => void onRestore(product), disabled: updating === product._id },
    { label: 'History', name: `History of ${product.name}`, onSelect: () => setHistoryOf(product) },
    { label: 'Remove', name: `Remove ${product.name}`, onSelect: () => void onRemove(product), danger: true, disabled: checking === product._id },
  ];

  return (
    <Panel title="Manage Products">
      <title>Manage Products – Partsmith</title>
      <AdminProductFilters value={inputs} onChange={setInputs} />
      <QueryState query={products} label="products">
        {(data) => {
          const list = data.pages.flatMap((page) => page.items);
          return list.length === 0 ? (
            <p className="text-slate-700">{text.noMatch}</p>
          ) : (
            <>
              <DataTable label="Products" columns={tablesCopy.productColumns} compact>
                {list.map((product) => (
                  <tr key={product._id}>
                    <td data-card="plain">
                      <ProductImage
                        src={product.img}
                        alt=""
                        width={56}
                        height={42}
                        loading="lazy"
                        className="h-10 w-14 rounded bg-slate-100 object-contain"
                      />
                    </td>
                    <td data-card="plain" className="font-mono text-xs whitespace-nowrap">
                      {product.sku}
                    </td>
                    <td data-card="title" className="font-medium">
                      {product.name}
                    </td>
                    <td data-card="plain">{product.category.name}</td>
                    <td data-card="plain">${formatDollars(product.price)}</td>
                    <td>{formatQuantity(product.stock)}</td>
                    <td data-card="plain">
                      <StatusBadge active={product.active} />
                    </td>
                    <td data-card="end" className="text-right">
                      <ActionsMenu of={product.name} actions={actions(product)} />
                    </td>
                  </tr>
                ))}
              </DataTable>
              <LoadMore
                hasMore={Boolean(products.hasNextPage) && !products.isPlaceholderData}
                loading={products.isFetchingNextPage}
                onLoadMore={() => void products.fetchNextPage()}
              />
            </>
          );
        }}
      </QueryState>
      <RestockDialog product={restocking} onClose={() => setRestocking(null)} />
      <HistoryDialog product={historyOf} onClose={() => setHistoryOf(null)} />
      {dialog}
    </Panel>
  );
}
