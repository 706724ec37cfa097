import { useId, useState } from 'react';
import { useProductPages } from '../api-pages.js';
import { LoadMore } from '../../../components/LoadMore.js';
import { ProductGrid } from '../components/ProductCard.js';
import { QueryState } from '../../../components/QueryState.js';
import { Spinner } from '../../../components/Spinner.js';
import { useDebounced } from '../../../lib/useDebounced.js';

export function AllProductsPage() {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const pages = useProductPages(q);
  const searchId = useId();

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <title>All Products – Partsmith</title>
      <div className="mb-8 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">All Products</h1>
          <p className="mt-1 text-slate-700">Genuine parts straight from our factory, sold in bulk.</p>
        </div>
        <form role="search" className="w-full md:w-80" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={searchId} className="label">
            Search products by name
          </label>
          <input
            id={searchId}
            type="search"
            className="input"
            placeholder="e.g. tire"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            autoComplete="off"
          />
        </form>
      </div>
      <QueryState query={pages} label="products">
        {(data) => {
          const list = data.pages.flatMap((page) => page.items);
          const searching = pages.isFetching && !pages.isFetchingNextPage;
          return (
            <>
              <p className="sr-only" role="status" aria-live="polite">
                {searching ? 'Searching…' : `${list.length} products shown${pages.hasNextPage ? ', more available' : ''}`}
              </p>
              {searching && q !== '' && <Spinner inline label="Searching…" />}
              {list.length === 0 ? (
                <p className="rounded-lg bg-white p-8 text-center text-slate-700">No products match “{q}”.</p>
              ) : (
                <ProductGrid products={list} heading="h2" />
              )}
              <LoadMore
                hasMore={Boolean(pages.hasNextPage) && !pages.isPlaceholderData}
                loading={pages.isFetchingNextPage}
                onLoadMore={() => void pages.fetchNextPage()}
              />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
