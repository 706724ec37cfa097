import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import type { CategorySummary, Product } from '../../../../shared/api.js';
import { normalisePartNumber } from '../../../../shared/catalog.js';
import { errorMessages } from '../../../../shared/messages.js';
import { AuthProvider } from '../../auth/AuthProvider.js';
import { setToken } from '../../../lib/api-client.js';
import { writeGarage } from '../../fitment/garage-store.js';
import { apiError, serverMessage } from '../../../test/fake-answers.js';
import { civic, corollaLe, fakeAccountGarage, serveVehicleBase } from '../../../test/fake-vehicles.js';
import { aProduct, signedIn } from '../../../test/fixtures.js';
import type { FakeAnswer } from '../../../test/fake-answers.js';
import { mockFetch, renderWithProviders } from '../../../test/render.js';
import { createQueryClient } from '../../../app/providers.js';
import { prefetchForLocation } from '../../../app/prefetch.js';
import { AllProductsPage } from './AllProductsPage.js';

const brakes = { slug: 'brakes', name: 'Brakes' };
const lighting = { slug: 'lighting', name: 'Lighting' };

function product(id: number, overrides: Partial<Product> = {}): Product {
  const name = overrides.name ?? `Part ${id}`;
  return aProduct({
    _id: String(id),
    name,
    sku: `PS-${10000 + id}`,
    category: { slug: 'other', name: 'Other Parts' },
    img: '/images/products/tire.svg',
    description: `Description of ${name}`,
    stock: 1000,
    price: 5,
    ...overrides,
  });
}

/** 30 parts, newest (highest id) first: a tire, two brake parts (one out of stock), a headlight, the rest 'other'. */
const CATALOG: Product[] = Array.from({ length: 30 }, (_, i) => {
  const id = 30 - i;
  if (id === 26) return product(id, { name: 'Tire', sku: 'WT-10026', category: { slug: 'wheels-tires', name: 'Wheels & Tires' } });
  if (id === 25) return product(id, { name: 'Brake Pad Set', sku: 'BR-10025', category: brakes, price: 24.5 });
  if (id === 24) return product(id, { name: 'Brake Disc', sku: 'BR-10024', category: brakes, price: 60, stock: 5, min: 10 });
  if (id === 23) return product(id, { name: 'Headlight', sku: 'LT-10023', category: lighting, price: 94 });
  return product(id);
});

const CATEGORY_COUNTS: CategorySummary[] = [
  { ...lighting, count: 1 },
  { ...brakes, count: 2 },
  { slug: 'wheels-tires', name: 'Wheels & Tires', count: 1 },
  { slug: 'wipers', name: 'Wipers', count: 0 },
  { slug: 'other', name: 'Other Parts', count: 26 },
];

const SORTS: Record<string, (a: Product, b: Product) => number> = {
  price: (a, b) => a.price - b.price,
  '-price': (a, b) => b.price - a.price,
  name: (a, b) => a.name.localeCompare(b.name),
};

/**
 * The catalog served like the server: `limit` and `cursor` (an offset here; opaque to the page), `q` over
 * names and normalised part numbers, `category`, `inStock=true` (stock >= min), `sort`; and the categories.
 * The vehicle selector's years; no number leads to a part.
 */
const NO_SUGGESTIONS = { parts: [], categories: [], vehicles: [] };

function catalogAnswers(url: string): FakeAnswer | undefined {
  const { pathname, searchParams } = new URL(url, 'http://shop.test');
  if (pathname === '/api/categories') return { status: 200, body: CATEGORY_COUNTS };
  if (pathname === '/api/vehicles/years') return { status: 200, body: [2016, 2015] };
  if (pathname === '/api/parts/lookup') return apiError(404, 'not_found', serverMessage(errorMessages.notFound, 'Part'));
  if (pathname === '/api/search/suggest') return { status: 200, body: NO_SUGGESTIONS };
  if (pathname !== '/api/products') return undefined;
  if (!searchParams.has('limit')) return { status: 200, body: CATALOG }; // the old unpaged answer
  const limit = Number(searchParams.get('limit'));
  const offset = Number(searchParams.get('cursor') ?? 0);
  const q = searchParams.get('q')?.toLowerCase() ?? '';
  const category = searchParams.get('category');
  const sort = SORTS[searchParams.get('sort') ?? ''];
  const matching = CATALOG.filter(
    (p) =>
      (p.name.toLowerCase().includes(q) || normalisePartNumber(p.sku).includes(normalisePartNumber(q))) &&
      (!category || p.category.slug === category) &&
      (searchParams.get('inStock') !== 'true' || p.stock >= p.min),
  );
  if (sort) matching.sort(sort);
  const items = matching.slice(offset, offset + limit);
  return { status: 200, body: { items, nextCursor: matching.length > offset + limit ? String(offset + limit) : null, didYouMean: null } };
}

function serveCatalog() {
  return mockFetch(catalogAnswers);
}

/** Where the router is, and a back button: to see what the page wrote to the address, and step back. */
function Address() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="address">{`${pathname}${search}`}</p>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}

function renderPage(route = '/allProducts') {
  return renderWithProviders(
    <>
      <AllProductsPage />
      <Address />
    </>,
    { route, path: '/allProducts' },
  );
}

const names = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading', { level: 2 }).textContent);
const productCalls = (calls: { url: string }[]) => calls.map((call) => call.url).filter((url) => url.startsWith('/api/products'));

describe('AllProductsPage', () => {
  it('shows the first page of 24 and loads the next with "Load more"', async () => {
    const { calls } = serveCatalog();
    const { user } = renderPage();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    expect(screen.getByRole('status')).toHaveTextContent('24 products shown, more available');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('30 products shown');
    expect(productCalls(calls)).toEqual(['/api/products?limit=24', '/api/products?limit=24&cursor=24']);
  });

  it('searches names and part numbers from the first page again, and never asks for the unpaged list', async () => {
    const { calls } = serveCatalog();
    const { user } = renderPage();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    const search = screen.getByLabelText('Search products by name or part number');
    await user.type(search, 'tire');
    await waitFor(() => expect(productCalls(calls).at(-1)).toBe('/api/products?limit=24&q=tire'));
    await waitFor(() => expect(names()).toEqual(['Tire']));

    await user.clear(search);
    await user.type(search, 'br 10025');
    await waitFor(() => expect(productCalls(calls).at(-1)).toBe('/api/products?limit=24&q=br+10025'));
    await waitFor(() => expect(names()).toEqual(['Brake Pad Set']));
    expect(productCalls(calls).every((url) => /[?&]limit=\d+/.test(url))).toBe(true);
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
    renderPage();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    const sentinel = observers.at(-1)!;
    sentinel.callback([{ isIntersecting: true, target: sentinel.element! } as IntersectionObserverEntry], {} as IntersectionObserver);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    expect(productCalls(calls).at(-1)).toBe('/api/products?limit=24&cursor=24');
  });

  it('has no gap in its heading levels: the page is an h1, the vehicle selector and each product an h2', async () => {
    serveCatalog();
    renderPage();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    expect(screen.getByRole('heading', { level: 1, name: 'All Products' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(25);
    expect(screen.getByRole('heading', { level: 2, name: 'Find parts that fit your car' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
  });

  it('lists the categories that have parts, with their counts, and hides the empty ones', async () => {
    serveCatalog();
    renderPage();
    const categories = within(await screen.findByRole('group', { name: 'Category' }));
    expect(categories.getAllByRole('radio').map((radio) => radio.closest('label')!.textContent)).toEqual([
      'All categories (30)',
      'Lighting (1)',
      'Brakes (2)',
      'Wheels & Tires (1)',
      'Other Parts (26)',
    ]);
    expect(categories.getByRole('radio', { name: 'All categories (30)' })).toBeChecked();
  });

  it('keeps an empty category listed while a link has it chosen, so it can be left', async () => {
    serveCatalog();
    renderPage('/allProducts?category=wipers');
    expect(await screen.findByRole('radio', { name: 'Wipers (0)' })).toBeChecked();
    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument();
  });

  it('reads the category, in-stock and sort filters from the address, and asks the server for that view', async () => {
    const { calls } = serveCatalog();
    renderPage('/allProducts?category=brakes&inStock=true&sort=-price');
    await waitFor(() => expect(names()).toEqual(['Brake Pad Set']));
    expect(productCalls(calls)).toEqual(['/api/products?limit=24&category=brakes&inStock=true&sort=-price']);
    expect(await screen.findByRole('radio', { name: 'Brakes (2)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('-price');
    expect(screen.getByRole('status')).toHaveTextContent('1 product shown');
  });

  it('leaves out what the server would refuse in a mangled link: an unknown category or sort', async () => {
    const { calls } = serveCatalog();
    renderPage('/allProducts?category=nonsense&sort=cheapest&inStock=yes');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    expect(productCalls(calls)).toEqual(['/api/products?limit=24']);
  });

  it('writes each filter to the address as a step of its own; a search replaces its step; back undoes a step', async () => {
    serveCatalog();
    const { user } = renderPage();
    const address = screen.getByTestId('address');
    await user.click(await screen.findByRole('radio', { name: 'Brakes (2)' }));
    expect(address).toHaveTextContent('/allProducts?category=brakes');
    await waitFor(() => expect(names()).toEqual(['Brake Pad Set', 'Brake Disc']));

    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    expect(address).toHaveTextContent('/allProducts?category=brakes&inStock=true');
    await waitFor(() => expect(names()).toEqual(['Brake Pad Set']));

    await user.type(screen.getByLabelText('Search products by name or part number'), 'pad');
    await waitFor(() => expect(address).toHaveTextContent('/allProducts?category=brakes&inStock=true&q=pad'));

    // The search replaced the in-stock step: one back is the category alone, search box and box cleared.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(address).toHaveTextContent(/^\/allProducts\?category=brakes$/);
    await waitFor(() => expect(names()).toEqual(['Brake Pad Set', 'Brake Disc']));
    expect(screen.getByRole('checkbox', { name: 'In stock only' })).not.toBeChecked();
    expect(screen.getByLabelText('Search products by name or part number')).toHaveValue('');
    // Some time later the box's old text is not written back.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(address).toHaveTextContent(/^\/allProducts\?category=brakes$/);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(address).toHaveTextContent(/^\/allProducts$/);
    expect(screen.getByRole('radio', { name: 'All categories (30)' })).toBeChecked();
  });

  it('does not write every keystroke of a search to the address, only the pause after it', async () => {
    const { calls } = serveCatalog();
    renderPage();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    // Four keystrokes in a row, quicker than any pause (however busy the machine running the test).
    const search = screen.getByLabelText('Search products by name or part number');
    for (const typed of ['h', 'he', 'hea', 'head']) fireEvent.change(search, { target: { value: typed } });
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/allProducts$/);
    await waitFor(() => expect(names()).toEqual(['Headlight']));
    expect(screen.getByTestId('address')).toHaveTextContent('/allProducts?q=head');
    expect(productCalls(calls).filter((url) => url.includes('q='))).toEqual(['/api/products?limit=24&q=head']);
  });

  it('sorts by price and name; with a search, best matches first is a choice of its own', async () => {
    const { calls } = serveCatalog();
    const { user } = renderPage('/allProducts?category=brakes');
    await waitFor(() => expect(names()).toEqual(['Brake Pad Set', 'Brake Disc']));
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(sort).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Newest',
      'Price: low to high',
      'Price: high to low',
      'Name',
      'Best rated',
    ]);
    expect(sort).toHaveValue('newest');

    await user.selectOptions(sort, 'Price: high to low');
    expect(screen.getByTestId('address')).toHaveTextContent('/allProducts?category=brakes&sort=-price');
    await waitFor(() => expect(names()).toEqual(['Brake Disc', 'Brake Pad Set']));
    expect(productCalls(calls).at(-1)).toBe('/api/products?limit=24&category=brakes&sort=-price');

    // Newest is the default: choosing it again leaves the address plain.
    await user.selectOptions(sort, 'Newest');
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/allProducts\?category=brakes$/);

    await user.type(screen.getByLabelText('Search products by name or part number'), 'brake');
    await waitFor(() => expect(within(sort).getAllByRole('option')[0]).toHaveTextContent('Best match'));
    expect(sort).toHaveValue('');
  });

  it('says when nothing matches, and clears every filter and the search with one button', async () => {
    serveCatalog();
    const { user } = renderPage('/allProducts?q=headlight&category=brakes');
    expect(await screen.findByText('No products match “headlight”.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 products shown');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/allProducts$/);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    expect(screen.getByLabelText('Search products by name or part number')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});

/** The page as main.tsx renders it: on the query client the start-up prefetch filled, signed in or not. */
function renderPrefetched(client: QueryClient) {
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={['/allProducts']}>
          <Routes>
            <Route path="/allProducts" element={<AllProductsPage />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('prefetchForLocation', () => {
  const urls = (calls: { url: string }[]) => calls.map((call) => call.url).sort();

  it('asks, before the page loads, for the very list, categories and vehicle years the page then shows', async () => {
    const { calls } = serveCatalog();
    // The shop's own query client: what it keeps fresh is not asked for again.
    const client = createQueryClient();
    prefetchForLocation(client, { pathname: '/allProducts', search: '' });
    const asked = ['/api/categories', '/api/products?limit=24', '/api/vehicles/years'];
    await waitFor(() => expect(urls(calls)).toEqual(asked));
    renderPrefetched(client);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    expect(await screen.findByRole('option', { name: '2016' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Brakes (2)' })).toBeInTheDocument();
    // The page found all of it in the cache: no second request for any.
    expect(urls(calls)).toEqual(asked);
  });

  it("asks only for the filters' column when the address has filters (the page asks for its own view of the list)", async () => {
    const { calls } = serveCatalog();
    prefetchForLocation(new QueryClient(), { pathname: '/allProducts', search: '?category=brakes' });
    await waitFor(() => expect(urls(calls)).toEqual(['/api/categories', '/api/vehicles/years']));
  });

  it("asks for a signed-in buyer's account and garage too: the first render names the buyer and lists the garage", async () => {
    setToken(signedIn.token);
    writeGarage(() => ({ vehicles: [], current: corollaLe, owner: signedIn.user._id }));
    const garage = fakeAccountGarage([corollaLe]);
    const { calls } = mockFetch((url, init) => (url === '/api/me' ? { status: 200, body: signedIn.user } : (garage(url, init) ?? catalogAnswers(url))));
    const client = createQueryClient();
    prefetchForLocation(client, { pathname: '/allProducts', search: '' });
    const asked = ['/api/categories?vehicle=1', '/api/garage', '/api/me', '/api/products?limit=24&vehicle=1', '/api/vehicles/years'];
    await waitFor(() => expect(urls(calls)).toEqual(asked));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    renderPrefetched(client);
    // At once, not after a round trip: the garage's list (above the selector, which it would push down).
    expect(screen.getByRole('group', { name: 'My garage' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '2015 Toyota Corolla LE 1.8L I4' })).toBeInTheDocument();
    expect(urls(calls)).toEqual(asked);
  });

  it("asks for the parts that fit a visitor's vehicle, as the page shows them", async () => {
    writeGarage(() => ({ vehicles: [corollaLe], current: corollaLe, owner: '' }));
    const { calls } = serveCatalog();
    prefetchForLocation(new QueryClient(), { pathname: '/allProducts', search: '' });
    await waitFor(() => expect(urls(calls)).toEqual(['/api/categories?vehicle=1', '/api/products?limit=24&vehicle=1', '/api/vehicles/years']));
  });

  it("asks for the account on any page when signed in, and for no garage there", async () => {
    setToken(signedIn.token);
    const { calls } = mockFetch((url) => (url === '/api/me' ? { status: 200, body: signedIn.user } : undefined));
    prefetchForLocation(new QueryClient(), { pathname: '/blogs', search: '' });
    await waitFor(() => expect(urls(calls)).toEqual(['/api/me']));
  });

  it('prefetches nothing for another page', () => {
    const { calls } = serveCatalog();
    prefetchForLocation(new QueryClient(), { pathname: '/blogs', search: '' });
    expect(calls).toEqual([]);
  });
});

describe('AllProductsPage with a vehicle', () => {
  const pads = product(41, { name: 'Front Pads', sku: 'BR-10041', fitment: { fits: true, qualifier: '', position: 'Front' } });
  const lamp = product(42, {
    name: 'Xenon Headlight',
    sku: 'LT-10042',
    fitment: { fits: true, qualifier: 'with xenon headlights', position: 'Front Left' },
  });
  const tire = product(43, { name: 'Truck Tire', sku: 'WT-10043', fitment: { fits: false, qualifier: '', position: '' } });
  const withoutFitment = ({ fitment: _, ...rest }: Product) => rest;

  /** The catalog for a vehicle: the parts that fit it, or (fitsOnly=false) every part saying whether; a number leads to the pads. */
  function serveForVehicle() {
    return mockFetch((url) => {
      const { pathname, searchParams } = new URL(url, 'http://shop.test');
      const shown = () => {
        const q = searchParams.get('q')?.toLowerCase() ?? '';
        const all = [pads, lamp, tire].filter((p) => p.name.toLowerCase().includes(q));
        if (!searchParams.has('vehicle')) return all.map(withoutFitment);
        return searchParams.get('fitsOnly') === 'false' ? all : all.filter((p) => p.fitment?.fits);
      };
      if (pathname === '/api/categories') {
        const counts = new Map<string, number>();
        for (const p of shown()) counts.set(p.category.slug, (counts.get(p.category.slug) ?? 0) + 1);
        return { status: 200, body: CATEGORY_COUNTS.map((c) => ({ ...c, count: counts.get(c.slug) ?? 0 })) };
      }
      if (pathname === '/api/products') return { status: 200, body: { items: shown(), nextCursor: null, didYouMean: null } };
      if (pathname === '/api/search/suggest') return { status: 200, body: NO_SUGGESTIONS };
      if (pathname === '/api/parts/suggestions') {
        const close = normalisePartNumber(searchParams.get('number') ?? '') === 'BR10014';
        return { status: 200, body: close ? [{ number: 'BR-10041', matchedAs: 'sku', sku: 'BR-10041', name: 'Front Pads' }] : [] };
      }
      if (pathname === '/api/parts/lookup') {
        return normalisePartNumber(searchParams.get('number') ?? '') === '0446502220'
          ? { status: 200, body: { product: withoutFitment(pads), matchedAs: 'oe', number: '04465-02220' } }
          : apiError(404, 'not_found', serverMessage(errorMessages.notFound, 'Part'));
      }
      return serveVehicleBase(url);
    });
  }
  const fitLines = () => screen.getAllByRole('article').map((card) => within(card).queryByTestId('fit')?.textContent ?? null);

  it('shows only the parts that fit the vehicle shopped for, each saying how, and writes the vehicle to the address', async () => {
    writeGarage(() => ({ vehicles: [corollaLe], current: corollaLe, owner: '' }));
    const { calls } = serveForVehicle();
    renderPage();
    await waitFor(() => expect(names()).toEqual(['Front Pads', 'Xenon Headlight']));
    expect(fitLines()).toEqual([
      '✓Fits your 2015 Toyota Corolla — front',
      '✓Fits your 2015 Toyota Corolla — with xenon headlights, front left',
    ]);
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/allProducts\?vehicle=1$/);
    expect(screen.getByRole('checkbox', { name: 'Only parts that fit' })).toBeChecked();
    // The vehicle was known from the start: one request, not one without it first.
    expect(productCalls(calls)).toEqual(['/api/products?limit=24&vehicle=1']);
  });

  it('shows every part with "Only parts that fit" off, those that do not fit saying so in words', async () => {
    writeGarage(() => ({ vehicles: [corollaLe], current: corollaLe, owner: '' }));
    const { calls } = serveForVehicle();
    const { user } = renderPage('/allProducts?vehicle=1&category=brakes');
    await waitFor(() => expect(names()).toEqual(['Front Pads', 'Xenon Headlight']));
    await user.click(screen.getByRole('checkbox', { name: 'Only parts that fit' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/allProducts\?category=brakes&vehicle=1&fitsOnly=false$/);
    await waitFor(() => expect(names()).toEqual(['Front Pads', 'Xenon Headlight', 'Truck Tire']));
    expect(fitLines()[2]).toBe('✕Does not fit your 2015 Toyota Corolla');
    expect(productCalls(calls).at(-1)).toBe('/api/products?limit=24&category=brakes&vehicle=1&fitsOnly=false');

    // 'Clear filters' clears the search and filters, not the vehicle.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/allProducts\?vehicle=1&fitsOnly=false$/);
  });

  it('shows the parts of the vehicle chosen in the selector, and the whole catalog once the garage is cleared', async () => {
    const { calls } = serveForVehicle();
    const { user } = renderPage();
    await waitFor(() => expect(names()).toEqual(['Front Pads', 'Xenon Headlight', 'Truck Tire']));
    expect(fitLines()).toEqual([null, null, null]);
    expect(screen.queryByRole('checkbox', { name: 'Only parts that fit' })).not.toBeInTheDocument();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Year' }), '2015');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Make' }), 'Toyota');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Model' })).toBeEnabled());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'Corolla');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Engine / trim' })).toBeEnabled());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Engine / trim' }), 'S 1.8L I4');
    await user.click(screen.getByRole('button', { name: 'Shop for this vehicle' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/allProducts\?vehicle=2$/);
    await waitFor(() => expect(names()).toEqual(['Front Pads', 'Xenon Headlight']));
    expect(fitLines()[0]).toBe('✓Fits your 2015 Toyota Corolla — front');

    await user.click(screen.getByRole('button', { name: 'Clear garage' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/allProducts$/);
    await waitFor(() => expect(names()).toEqual(['Front Pads', 'Xenon Headlight', 'Truck Tire']));
    expect(productCalls(calls)).toContain('/api/products?limit=24&vehicle=2');
    expect(productCalls(calls).at(-1)).toBe('/api/products?limit=24');
  });

  it('shops for the garage vehicle an address names (back, forward, a link), and names no vehicle it does not know', async () => {
    writeGarage(() => ({ vehicles: [civic, corollaLe], current: civic, owner: '' }));
    serveForVehicle();
    const first = renderPage('/allProducts?vehicle=1');
    await waitFor(() => expect(fitLines()[0]).toBe('✓Fits your 2015 Toyota Corolla — front'));
    expect(screen.getByText(/^Shopping for:/)).toHaveTextContent('Shopping for: 2015 Toyota Corolla LE 1.8L I4');
    first.unmount();

    renderPage('/allProducts?vehicle=77');
    await waitFor(() => expect(fitLines()[0]).toBe('✓Fits your vehicle — front'));
    expect(screen.getByText(/^Shopping for:/)).toHaveTextContent('Shopping for: 2015 Toyota Corolla LE 1.8L I4');
  });

  it('counts the categories within the vehicle and the search, as the list shows them', async () => {
    writeGarage(() => ({ vehicles: [corollaLe], current: corollaLe, owner: '' }));
    const { calls } = serveForVehicle();
    renderPage('/allProducts?vehicle=1');
    await waitFor(() => expect(names()).toEqual(['Front Pads', 'Xenon Headlight']));
    expect(await screen.findByRole('radio', { name: 'All categories (2)' })).toBeChecked();
    expect(calls.map((call) => call.url)).toContain('/api/categories?vehicle=1');
  });

  it('says a search found parts that do not fit the vehicle, and shows them when asked', async () => {
    writeGarage(() => ({ vehicles: [corollaLe], current: corollaLe, owner: '' }));
    serveForVehicle();
    const { user } = renderPage('/allProducts?vehicle=1&q=tire');
    const notice = await screen.findByTestId('none-fit');
    expect(notice).toHaveTextContent('1 part matches “tire”, but none fits your 2015 Toyota Corolla LE 1.8L I4.');
    expect(screen.queryByText('No products match “tire”.')).not.toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Show it anyway' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/allProducts?q=tire&vehicle=1&fitsOnly=false');
    await waitFor(() => expect(names()).toEqual(['Truck Tire']));
    expect(fitLines()[0]).toBe('✕Does not fit your 2015 Toyota Corolla');
  });

  it('folds the filters behind a Filters button that says how many are on; Escape or Show parts closes them', async () => {
    writeGarage(() => ({ vehicles: [corollaLe], current: corollaLe, owner: '' }));
    serveForVehicle();
    const { user } = renderPage('/allProducts?vehicle=1');
    const button = await screen.findByRole('button', { name: 'Filters (1 on)' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const sheet = screen.getByRole('dialog', { name: 'Filters and vehicle' });
    expect(within(sheet).getByRole('heading', { name: 'Filters and vehicle' })).toHaveFocus();
    expect(within(sheet).getByRole('checkbox', { name: 'In stock only' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Show parts' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers the closest part numbers when a number finds nothing', async () => {
    serveForVehicle();
    renderPage('/allProducts?q=BR-10014');
    const offered = await screen.findByTestId('did-you-mean');
    expect(offered).toHaveTextContent('Did you mean BR-10041 (Front Pads)?');
    expect(within(offered).getByRole('link', { name: 'BR-10041 (Front Pads)' })).toHaveAttribute('href', '/parts/BR-10041');
    expect(screen.getByText('No products match “BR-10014”.')).toBeInTheDocument();
  });

  it('says which part a searched number leads to and how it matched, and says nothing when none does', async () => {
    const { calls } = serveForVehicle();
    const { user } = renderPage();
    const search = screen.getByLabelText('Search products by name or part number');
    await user.type(search, '04465 02220');
    const notice = await screen.findByTestId('number-match');
    expect(notice).toHaveTextContent('04465-02220 is the OE number of Front Pads (BR-10041)');
    expect(within(notice).getByRole('link', { name: 'Front Pads (BR-10041)' })).toHaveAttribute('href', '/parts/BR-10041');

    await user.clear(search);
    await user.type(search, 'pads 99');
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/parts/lookup?number=pads+99'));
    await waitFor(() => expect(screen.queryByTestId('number-match')).not.toBeInTheDocument());
    // A search without a digit is not a part number: not looked up.
    await user.clear(search);
    await user.type(search, 'pads');
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('q=pads'));
    expect(calls.filter((call) => call.url.startsWith('/api/parts/lookup')).map((call) => call.url)).toEqual([
      '/api/parts/lookup?number=04465+02220',
      '/api/parts/lookup?number=pads+99',
    ]);
  });
});
