import { screen, waitFor } from '@testing-library/react';
import type { Product } from '../../../../shared/api.js';
import { aProduct } from '../../../test/fixtures.js';
import { mockFetch, renderWithProviders } from '../../../test/render.js';
import { AllProductsPage } from './AllProductsPage.js';

function product(id: number, name = `Part ${id}`): Product {
  return aProduct({ _id: String(id), name, img: '/images/products/tire.svg', description: `Description of ${name}`, stock: 1000, price: 5 });
}

/** A catalog of 30 products, newest (highest id) first, paged like the server: `limit`, `cursor` (last id), `q`. */
function serveCatalog() {
  const catalog = Array.from({ length: 30 }, (_, i) => product(30 - i, i === 4 ? 'Tire' : undefined));
  return mockFetch((url) => {
    const { pathname, searchParams } = new URL(url, 'http://shop.test');
    if (pathname !== '/api/products') return undefined;
    if (!searchParams.has('limit')) return { status: 200, body: catalog }; // the old unpaged answer
    const limit = Number(searchParams.get('limit'));
    const cursor = searchParams.get('cursor');
    const q = searchParams.get('q')?.toLowerCase() ?? '';
    const matching = catalog.filter((p) => (!cursor || Number(p._id) < Number(cursor)) && p.name.toLowerCase().includes(q));
    const items = matching.slice(0, limit);
    return { status: 200, body: { items, nextCursor: matching.length > limit ? items.at(-1)!._id : null } };
  });
}

describe('AllProductsPage', () => {
  it('shows the first page of 24 and loads the next with "Load more"', async () => {
    const { calls } = serveCatalog();
    const { user } = renderWithProviders(<AllProductsPage />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/products?limit=24', '/api/products?limit=24&cursor=7']);
  });

  it('searches by name from the first page again, and never asks for the unpaged list', async () => {
    const { calls } = serveCatalog();
    const { user } = renderWithProviders(<AllProductsPage />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    await user.type(screen.getByLabelText('Search products by name'), 'tire');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Tire' })).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/products?limit=24&q=tire');
    expect(calls.every((call) => /[?&]limit=\d+/.test(call.url))).toBe(true);
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    const observers: { callback: IntersectionObserverCallback; element?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(public callback: IntersectionObserverCallback) {
          observers.push({ callback });
        }
        observe(element: Element) {
          observers.at(-1)!.element = element;
        }
        disconnect() {}
        unobserve() {}
        takeRecords() {
          return [];
        }
      },
    );
    const { calls } = serveCatalog();
    renderWithProviders(<AllProductsPage />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    const sentinel = observers.at(-1)!;
    sentinel.callback([{ isIntersecting: true, target: sentinel.element! } as IntersectionObserverEntry], {} as IntersectionObserver);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    expect(calls.at(-1)?.url).toBe('/api/products?limit=24&cursor=7');
  });

  it('has no gap in its heading levels: the page is an h1, each product an h2', async () => {
    serveCatalog();
    renderWithProviders(<AllProductsPage />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    expect(screen.getByRole('heading', { level: 1, name: 'All Products' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(24);
    expect(screen.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
  });
});
