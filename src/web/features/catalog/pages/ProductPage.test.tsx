import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import type { Application } from '../../../../shared/api.js';
import { errorMessages } from '../../../../shared/messages.js';
import { fieldMessages } from '../../../../shared/schemas.js';
import { AppRoutes } from '../../../app/router.js';
import { AuthContext } from '../../auth/auth-context.js';
import { writeGarage } from '../../fitment/garage-store.js';
import { camry, corollaLe } from '../../../test/fake-vehicles.js';
import { aProduct } from '../../../test/fixtures.js';
import { apiError, serverMessage } from '../../../test/fake-answers.js';
import { fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { readCart } from '../../../lib/cart-store.js';
import { createQueryClient } from '../../../app/providers.js';
import { prefetchForLocation } from '../../../app/prefetch.js';
import { ProductPage } from './ProductPage.js';

const padSet = aProduct({
  _id: '12',
  name: 'Brake Pad Set',
  sku: 'BR-10007',
  description: 'Ceramic front brake pads, low dust and low noise.',
  min: 100,
  stock: 2000,
  price: 24.5,
  specs: [
    { name: 'Material', value: 'Ceramic' },
    { name: 'Position', value: 'Front axle' },
  ],
});

/** The shop's answers for one part and the vehicles it fits; any other part number is not for sale. */
const NO_REVIEWS = { items: [], nextCursor: null, summary: { average: null, count: 0, distribution: { '5': 0, '4': 0, '3': 0, '2': 0, '1': 0 } } };

function servePart(product = padSet, applications: Application[] = []) {
  return mockFetch((url) => {
    if (url === `/api/products/${product._id}/fitment`) return { status: 200, body: applications };
    // The closest number to one no part has: this part's, for a slip in its last digits.
    if (url.startsWith('/api/parts/suggestions?number=')) {
      const close = url.endsWith(`=${product.sku.slice(0, -1)}`);
      return { status: 200, body: close ? [{ number: product.sku, matchedAs: 'sku', sku: product.sku, name: product.name }] : [] };
    }
    if (url.startsWith(`/api/products/${product._id}/reviews?`)) return { status: 200, body: NO_REVIEWS };
    const match = /^\/api\/products\/sku\/(.+)$/.exec(url);
    if (!match) return undefined;
    const wanted = decodeURIComponent(match[1]!).toUpperCase().replace(/[^A-Z0-9]/g, '');
    return wanted === product.sku.replace(/-/g, '')
      ? { status: 200, body: product }
      : apiError(404, 'not_found', serverMessage(errorMessages.notFound, 'Product'));
  });
}

const renderPage = (sku: string) => renderWithProviders(<ProductPage />, { route: `/parts/${sku}`, path: '/parts/:sku' });

describe('ProductPage', () => {
  afterEach(() => document.head.querySelector('meta[name="description"]')?.remove());

  it("shows the part: picture, name, part number, category, price, stock, minimum order, specs and description", async () => {
    servePart();
    renderPage('BR-10007');
    expect(await screen.findByRole('heading', { level: 1, name: 'Brake Pad Set' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Brake Pad Set' })).toHaveAttribute('src', padSet.img);
    expect(screen.getByText('Part number:').nextElementSibling).toHaveTextContent('BR-10007');
    expect(screen.getByRole('link', { name: 'Brakes' })).toHaveAttribute('href', '/allProducts?category=brakes');
    expect(screen.getByText('Price: $24.50 (per unit)')).toBeInTheDocument();
    expect(screen.getByText('Available Items: 2000 units')).toBeInTheDocument();
    expect(screen.getByText('Minimum Order Quantity: 100 units')).toBeInTheDocument();
    expect(screen.getByText(padSet.description)).toBeInTheDocument();

    const specs = screen.getByRole('table', { name: 'Specifications' });
    const rows = within(specs)
      .getAllByRole('row')
      .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]);
    expect(rows).toEqual([
      ['Material', 'Ceramic'],
      ['Position', 'Front axle'],
    ]);
    expect(within(specs).getAllByRole('rowheader').every((th) => th.getAttribute('scope') === 'row')).toBe(true);

    // The quantity in the box goes along into the order.
    expect(screen.getByRole('link', { name: 'Order Now' })).toHaveAttribute('href', '/place-order/12?quantity=100');
  });

  it('asks for the part number as the address spells it, and is titled by the part’s own spelling', async () => {
    const { calls } = servePart();
    renderPage('br%2010007');
    expect(await screen.findByRole('heading', { level: 1, name: 'Brake Pad Set' })).toBeInTheDocument();
    expect(calls.map((call) => call.url).filter((url) => url.includes('/sku/'))).toEqual(['/api/products/sku/br%2010007']);
    expect(document.title).toBe('Brake Pad Set (BR-10007) | Partsmith');
  });

  it('describes the part to search engines and link previews while shown, and gives the shop’s description back after', async () => {
    const meta = Object.assign(document.createElement('meta'), { name: 'description', content: 'Partsmith – car parts.' });
    document.head.append(meta);
    servePart();
    const { unmount } = renderPage('BR-10007');
    await screen.findByRole('heading', { level: 1, name: 'Brake Pad Set' });
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(meta.content).toBe(`${padSet.sku} · ${padSet.category.name}. ${padSet.description}`);
    unmount();
    expect(meta.content).toBe('Partsmith – car parts.');
  });

  it('says plainly that no part has a number, and offers to search for it', async () => {
    servePart();
    renderPage('XX-404');
    expect(await screen.findByRole('heading', { level: 1, name: 'No part with number XX-404' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for XX-404' })).toHaveAttribute('href', '/allProducts?q=XX-404');
    expect(document.title).toBe('No part with number XX-404 | Partsmith');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers the closest part number to one that no part has', async () => {
    servePart();
    renderPage(padSet.sku.slice(0, -1));
    const offered = await screen.findByTestId('did-you-mean');
    expect(within(offered).getByRole('link', { name: `${padSet.sku} (${padSet.name})` })).toHaveAttribute('href', `/parts/${padSet.sku}`);
  });

  it('says the same of an address that is not even the shape of a part number', async () => {
    mockFetch(() => apiError(400, 'validation', fieldMessages.skuInvalid, { sku: fieldMessages.skuInvalid }));
    renderPage('%3Cno%3E');
    expect(await screen.findByRole('heading', { level: 1, name: 'No part with number <no>' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for <no>' })).toHaveAttribute('href', '/allProducts?q=%3Cno%3E');
  });

  it('says an out-of-stock part cannot be ordered, and offers no order', async () => {
    servePart({ ...padSet, stock: 40 });
    renderPage('BR-10007');
    expect(await screen.findByTestId('out-of-stock')).toHaveTextContent(/^Out of stock\. Fewer than the minimum order of 100 units/);
    expect(screen.queryByRole('link', { name: 'Order Now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Order Now' })).toBeDisabled();
  });

  it("copies the part's link, by its own part number, and says so", async () => {
    servePart();
    const { user } = renderPage('br%2010007');
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/parts/BR-10007`);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('says when the link could not be copied', async () => {
    servePart();
    const { user } = renderPage('BR-10007');
    const button = await screen.findByRole('button', { name: 'Copy link' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(button);
    expect(await screen.findByText('The link could not be copied. Please copy it from the address bar.')).toBeInTheDocument();
  });
});

describe('the /parts/:sku route', () => {
  it('is open to visitors: no login needed to see a part', async () => {
    servePart();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthContext value={fakeAuth()}>
          <MemoryRouter initialEntries={['/parts/BR-10007']}>
            <AppRoutes />
          </MemoryRouter>
          <ToastContainer />
        </AuthContext>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Brake Pad Set' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order Now' })).toHaveAttribute('href', '/place-order/12?quantity=100');
  });
});

describe('ProductPage: the vehicles a part fits and its numbers', () => {
  const corolla = { make: 'Toyota', model: 'Corolla', submodel: '', engine: '', qualifier: '', position: '', quantity: 1, partTypeId: null };
  const applications: Application[] = [
    { ...corolla, yearFrom: 2020, yearTo: 2020, submodel: 'SE', engine: '2.0L I4', position: 'Front' },
    { ...corolla, yearFrom: 2014, yearTo: 2019, engine: '1.8L I4', qualifier: 'with xenon headlights', position: 'Front' },
    { ...corolla, yearFrom: 2016, yearTo: 2017, make: 'Toyota', model: 'Camry' },
    { ...corolla, yearFrom: 2012, yearTo: 2015, make: 'Honda', model: 'Civic' },
  ];
  const withNumbers = aProduct({
    ...padSet,
    numbers: [
      { type: 'oe', brand: 'Toyota', number: '04465-02220' },
      { type: 'interchange', brand: 'Bosch', number: 'BP1234' },
      { type: 'superseded', brand: '', number: 'BR-1007' },
    ],
  });
  const rows = (table: HTMLElement) =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

  it('lists every vehicle the part fits, a table per make and model, years as ranges', async () => {
    servePart(withNumbers, applications);
    renderPage('BR-10007');
    const section = await screen.findByRole('region', { name: 'Fits these vehicles' });
    const tables = await within(section).findAllByRole('table');
    expect(tables.map((table) => table.querySelector('caption')!.textContent)).toEqual(['Honda Civic', 'Toyota Camry', 'Toyota Corolla']);
    expect(within(tables[2]!).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Years', 'Trim and engine', 'Notes', 'Position']);
    expect(rows(tables[2]!)).toEqual([
      ['2014–2019', '1.8L I4', 'with xenon headlights', 'Front'],
      ['2020', 'SE 2.0L I4', '', 'Front'],
    ]);
    expect(rows(tables[0]!)).toEqual([['2012–2015', 'Any trim or engine', '', '']]);
  });

  it('lists the OE and cross-reference numbers that lead to the part', async () => {
    servePart(withNumbers);
    renderPage('BR-10007');
    const numbers = await screen.findByRole('table', { name: 'OE and cross-reference numbers' });
    expect(rows(numbers)).toEqual([
      ['OE number', 'Toyota', '04465-02220'],
      ['interchange number', 'Bosch', 'BP1234'],
      ['superseded number', '', 'BR-1007'],
    ]);
    expect(await screen.findByText('No vehicles are listed for this part yet.')).toBeInTheDocument();
  });

  it.each([
    ['fits, with how', corollaLe, '✓Fits your 2015 Toyota Corolla — with xenon headlights, front'],
    ['does not fit', camry, '✕Does not fit your 2015 Toyota Camry'],
  ])('says whether the part fits the vehicle shopped for: %s', async (_, vehicle, line) => {
    writeGarage(() => ({ vehicles: [vehicle], current: vehicle, owner: '' }));
    servePart(withNumbers, applications);
    renderPage('BR-10007');
    expect(await screen.findByTestId('fit')).toHaveTextContent(line);
  });

  it('says nothing of fitting without a vehicle shopped for', async () => {
    servePart(withNumbers, applications);
    renderPage('BR-10007');
    await screen.findByRole('region', { name: 'Fits these vehicles' });
    await screen.findByRole('table', { name: 'Toyota Corolla' });
    expect(screen.queryByTestId('fit')).not.toBeInTheDocument();
  });
});

describe('ProductPage: buying in bulk', () => {
  // Sold in boxes of 20, from 100 units; cheaper from 500 and from 1000.
  const boxed = aProduct({
    ...padSet,
    packSize: 20,
    priceBreaks: [
      { minQuantity: 500, price: 22 },
      { minQuantity: 1000, price: 19.75 },
    ],
  });
  const quantity = () => screen.findByRole('spinbutton', { name: 'Quantity' });

  it('shows the unit price by quantity, from the minimum order, and the pack size', async () => {
    servePart(boxed);
    renderPage('BR-10007');
    const table = await screen.findByRole('table', { name: 'Price breaks' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Quantity', 'Unit price']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['100+', '$24.50 each'],
      ['500+', '$22.00 each'],
      ['1,000+', '$19.75 each'],
    ]);
    expect(screen.getByText('Packs of 20')).toBeInTheDocument();
  });

  it('shows the shipping weight when the part has one (in kg from 1,000 g), and no line when it has none', async () => {
    servePart(aProduct({ ...padSet, weightGrams: 1200 }));
    const first = renderPage('BR-10007');
    expect(await screen.findByText('Shipping weight: 1.2 kg')).toBeInTheDocument();
    first.unmount();
    servePart(aProduct({ ...padSet, weightGrams: 0 }));
    renderPage('BR-10007');
    await screen.findByRole('heading', { level: 1, name: 'Brake Pad Set' });
    expect(screen.queryByText(/^Shipping weight/)).not.toBeInTheDocument();
  });

  it("shows a remanufactured part's refundable core deposit per unit, and no line for a part without one", async () => {
    servePart(aProduct({ ...padSet, coreCharge: 25 }));
    const first = renderPage('BR-10007');
    expect(await screen.findByText('Core deposit, refundable: $25.00')).toBeInTheDocument();
    first.unmount();
    servePart(aProduct({ ...padSet, coreCharge: 0 }));
    renderPage('BR-10007');
    await screen.findByRole('heading', { level: 1, name: 'Brake Pad Set' });
    expect(screen.queryByText(/^Core deposit/)).not.toBeInTheDocument();
  });

  it('has no price-break table or pack line for a part sold by the unit at one price', async () => {
    servePart();
    renderPage('BR-10007');
    await screen.findByRole('heading', { level: 1, name: 'Brake Pad Set' });
    expect(screen.queryByRole('table', { name: 'Price breaks' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Packs of/)).not.toBeInTheDocument();
  });

  it('adds the quantity typed to the cart, at the unit price its tier gives, starting from the smallest accepted', async () => {
    servePart(boxed);
    const { user } = renderPage('BR-10007');
    const input = await quantity();
    expect(input).toHaveValue(100);
    expect(input).toHaveAccessibleDescription('Unit price: $24.50 each Order 500 for $22.00 each');
    await user.clear(input);
    await user.type(input, '500');
    expect(input).toHaveAccessibleDescription('Unit price: List price: $24.50 $22.00 each Order 1,000 for $19.75 each');
    // 'Order Now' carries the quantity typed into the order.
    expect(screen.getByRole('link', { name: 'Order Now' })).toHaveAttribute('href', '/place-order/12?quantity=500');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(readCart()).toEqual([{ productId: '12', quantity: 500 }]);
    expect(await screen.findByText('Added to cart: 500 × Brake Pad Set')).toBeInTheDocument();
  });

  it.each([
    ['510', 'Quantity must be a multiple of 20'],
    ['80', 'Quantity Must be 100 or higher'],
    ['2020', 'Quantity Must be lower than 2000 '],
    ['', 'Quantity is required'],
  ])('says what is wrong with %j, as the server would, and adds nothing', async (typed, message) => {
    servePart(boxed);
    const { user } = renderPage('BR-10007');
    const input = await quantity();
    await user.clear(input);
    if (typed) await user.type(input, typed);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message.trim());
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    expect(readCart()).toEqual([]);
    // A quantity the part does not take is not carried into an order: the order form asks for it.
    expect(screen.getByRole('link', { name: 'Order Now' })).toHaveAttribute('href', '/place-order/12');
  });

  it('offers no quantity for a part out of stock, and cannot add it', async () => {
    servePart({ ...boxed, stock: 40 });
    renderPage('BR-10007');
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeDisabled();
    expect(screen.queryByRole('spinbutton', { name: 'Quantity' })).not.toBeInTheDocument();
  });
});

describe('ProductPage opened directly', () => {
  afterEach(() => document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove()));

  /** The start-up prefetch for the part's address (the part, then its picture and fitment), then the app's routes there: the preload link and the page's picture. */
  async function openDirectly(product: typeof padSet) {
    const { calls } = servePart(product);
    // The shop's own query client: what it keeps fresh is not asked for again.
    const client = createQueryClient();
    prefetchForLocation(client, { pathname: `/parts/${product.sku}`, search: '' });
    const preload = await waitFor(() => {
      const link = document.head.querySelector('link[rel="preload"][as="image"]');
      expect(link).not.toBeNull();
      return link!;
    });
    const fitmentUrl = `/api/products/${product._id}/fitment`;
    const asked = () => calls.map((call) => call.url);
    await waitFor(() => expect(asked()).toContain(fitmentUrl));
    render(
      <QueryClientProvider client={client}>
        <AuthContext value={fakeAuth()}>
          <MemoryRouter initialEntries={[`/parts/${product.sku}`]}>
            <AppRoutes />
          </MemoryRouter>
        </AuthContext>
      </QueryClientProvider>,
    );
    const picture = await screen.findByRole('img', { name: product.name }, { timeout: 5000 });
    expect(preload).toHaveAttribute('fetchpriority', 'high');
    expect(picture).toHaveAttribute('fetchpriority', 'high');
    expect(await screen.findByRole('heading', { name: 'Fits these vehicles' })).toBeInTheDocument();
    // The page found its part and its fitment in the cache: no second request for either.
    expect(asked().filter((url) => !url.includes('/reviews?'))).toEqual([`/api/products/sku/${product.sku}`, fitmentUrl]);
    return { preload, picture };
  }

  it('asks for the part before the page loads and fetches its picture at once', async () => {
    const { preload, picture } = await openDirectly(padSet);
    expect(preload).toHaveAttribute('href', picture.getAttribute('src'));
  });

  it('fetches the width of an uploaded picture that the page then picks', async () => {
    const { preload, picture } = await openDirectly({ ...padSet, img: '/uploads/0123456789abcdef-800.webp' });
    expect(picture).toHaveAttribute('srcset');
    expect(preload).toHaveAttribute('imagesrcset', picture.getAttribute('srcset'));
    expect(preload).toHaveAttribute('imagesizes', picture.getAttribute('sizes'));
  });

  it('prefetches nothing for an address that is not a part page', () => {
    const { calls } = servePart();
    prefetchForLocation(createQueryClient(), { pathname: '/parts/BR-10007/reviews', search: '' });
    expect(calls).toEqual([]);
  });
});
