import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import type { LowStockItem, User } from '../../shared/api.js';
import { AuthContext, type AuthState } from '../features/auth/auth-context.js';
import { aProduct, aReview } from '../test/fixtures.js';
import { fakeAccountCart } from '../test/fake-cart.js';
import { customer, fakeAuth, mockFetch } from '../test/render.js';
import { AppRoutes, loadPageCode } from './router.js';

const admin: User = { ...customer, _id: '1', name: 'Ada Admin', email: 'admin@partsmith.example', role: 'admin' };
const asAdmin = fakeAuth({ user: admin, isAdmin: true });
const asCustomer = fakeAuth({ user: customer });

/** The whole app's routes at `path` (lazy pages included), with the shop's answers for `who` (and its low parts). */
function renderApp(path: string, auth: AuthState, lowStock: LowStockItem[] = []) {
  const who = auth.user!;
  const cart = fakeAccountCart();
  const { calls } = mockFetch((url, init) => {
    // The signed-in buyer's cart, which the layout opens on every page.
    const inCart = cart.answer(url, init);
    if (inCart) return inCart;
    if (url === `/api/user/${encodeURIComponent(who.email)}`) return { status: 200, body: who };
    if (url === `/api/admin/${encodeURIComponent(who.email)}`) return { status: 200, body: { admin: who.role === 'admin' } };
    if (url === `/api/orders/${encodeURIComponent(who.email)}?limit=25`) return { status: 200, body: { items: [], nextCursor: null, didYouMean: null } };
    if (url.startsWith('/api/admin/reviews')) return { status: 200, body: [aReview()] };
    if (url === '/api/admin/low-stock') return { status: 200, body: lowStock };
    if (url === '/api/admin/products/7') return { status: 200, body: aProduct() };
    // The home page's products, reviews and business summary.
    if (url.startsWith('/api/products?')) return { status: 200, body: { items: [], nextCursor: null, didYouMean: null } };
    if (url === '/api/products/most-ordered') return { status: 200, body: [] };
    if (url.startsWith('/api/review?')) return { status: 200, body: [] };
    if (url === '/api/summary') return { status: 200, body: { live: false, reviews: 0, averageRating: 0, ordersCompleted: 0 } };
    return undefined;
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={client}>
      <AuthContext value={auth}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </AuthContext>
    </QueryClientProvider>,
  );
  return { ...result, calls };
}

const menuOf = async () => {
  const menu = await screen.findByRole('navigation', { name: 'Dashboard' }, { timeout: 8000 });
  return within(menu)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
};

describe('the dashboard menu and routes', { timeout: 20_000 }, () => {
  it("keeps the original admin items (docs/legacy-contract.md#menus) and adds Import / Export, Manage Reviews, Sales Overview, Low Stock, Search Synonyms, Returns and Fitment quality, the admin's own My Orders and Add a Reviews, the address book, and Mail preview", async () => {
    renderApp('/dashboard/myOrders', asAdmin);
    expect(await menuOf()).toEqual([
      ['My Profile', '/dashboard'],
      ['Manage Products', '/dashboard/manage-products'],
      ['Add New Product', '/dashboard/add-products'],
      ['Manage All Orders', '/dashboard/manage-orders'],
      ['Make Admin', '/dashboard/make-admin'],
      ['Import / Export', '/dashboard/import-products'],
      ['Manage Reviews', '/dashboard/manage-reviews'],
      ['Sales Overview', '/dashboard/overview'],
      ['Low Stock', '/dashboard/low-stock'],
      ['Shipping', '/dashboard/shipping'],
      ['Tax', '/dashboard/tax'],
      ['Search Synonyms', '/dashboard/search-synonyms'],
      ['Returns', '/dashboard/manage-returns'],
      ['Fitment quality', '/dashboard/fitment-quality'],
      ['My Orders', '/dashboard/myOrders'],
      ['Add a Reviews', '/dashboard/add-review'],
      ['Address book', '/dashboard/addresses'],
      ['Mail preview', '/dashboard/mail'],
    ]);
    // An admin's own orders: the route lets them in.
    expect(await screen.findByRole('heading', { name: 'Your Orders: 0' }, { timeout: 8000 })).toBeInTheDocument();
  });

  it('counts the low parts on the Low Stock link, in a pill and in its name', async () => {
    const low = (productId: string): LowStockItem => ({ productId, sku: `BR-${productId}`, name: `Part ${productId}`, stock: 1, threshold: 10, min: 1 });
    renderApp('/dashboard/myOrders', asAdmin, [low('1'), low('2'), low('3')]);
    const link = await screen.findByRole('link', { name: 'Low Stock (3 parts)' }, { timeout: 8000 });
    expect(link).toHaveAttribute('href', '/dashboard/low-stock');
    expect(within(link).getByText('3')).toHaveAttribute('aria-hidden', 'true');
  });

  it("keeps the original customer menu (docs/legacy-contract.md#menus) as it was, the address book and My returns after it", async () => {
    const { calls } = renderApp('/dashboard/myOrders', asCustomer);
    expect(await menuOf()).toEqual([
      ['My Orders', '/dashboard/myOrders'],
      ['Add a Reviews', '/dashboard/add-review'],
      ['My Profile', '/dashboard'],
      ['Address book', '/dashboard/addresses'],
      ['My returns', '/dashboard/returns'],
    ]);
    // The low-stock count is an admin's only.
    expect(calls.map((call) => call.url)).not.toContain('/api/admin/low-stock');
  });

  it('lets an admin write a review of their own', async () => {
    renderApp('/dashboard/add-review', asAdmin);
    expect(await screen.findByRole('heading', { name: 'Add a Reviews' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(admin.email);
  });

  it.each([
    ['/dashboard/import-products', 'Import / Export'],
    ['/dashboard/edit-product/7', 'Edit product'],
    ['/dashboard/low-stock', 'Low Stock'],
  ])('opens %s for an admin, after the admin check', async (path, heading) => {
    const { calls } = renderApp(path, asAdmin);
    expect(await screen.findByRole('heading', { name: heading }, { timeout: 8000 })).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/admin/admin%40partsmith.example');
  });

  it('opens Manage Reviews for an admin, after the admin check', async () => {
    const { calls } = renderApp('/dashboard/manage-reviews', asAdmin);
    expect(await screen.findByRole('heading', { name: 'Manage Reviews' }, { timeout: 8000 })).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/admin/admin%40partsmith.example');
  });
});

describe('the footer', { timeout: 20_000 }, () => {
  it('links every label of its Services, Company and Legal lists to a page of the shop', async () => {
    renderApp('/about', asCustomer);
    const footer = within(screen.getByRole('contentinfo'));
    const links = footer.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Parts catalogue', '/allProducts'],
      ['Bulk orders', '/contact'],
      ['Custom manufacturing', '/contact'],
      ['Worldwide shipping', '/shipping'],
      ['Returns', '/returns'],
      ['About us', '/about'],
      ['Contact', '/contact'],
      ['Careers', '/about#careers'],
      ['Press kit', '/about#press'],
      ['Terms of use', '/terms'],
      ['Privacy policy', '/privacy'],
      ['Cookie policy', '/privacy#cookies'],
    ]);
    for (const list of ['Services', 'Company', 'Legal']) expect(footer.getByRole('heading', { name: list })).toBeInTheDocument();
  });

  it.each([
    ['/about', 'About us'],
    ['/terms', 'Terms of use'],
    ['/privacy', 'Privacy policy'],
    ['/shipping', 'Shipping'],
    ['/returns', 'Returns'],
  ])('%s is a page of its own, titled %s', async (path, title) => {
    renderApp(path, asCustomer);
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /not found/i })).not.toBeInTheDocument();
  });

  it('leads to the contact form on the Contact page', async () => {
    renderApp('/', asCustomer);
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Contact' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact' }, { timeout: 8000 })).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Contact us' }, { timeout: 8000 });
    expect(within(form).getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('leads to the section a label names (Careers on the About page)', async () => {
    // jsdom does not scroll: record which element the page scrolls into view.
    const scrolled: Element[] = [];
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this);
    };
    try {
      renderApp('/about#careers', asCustomer);
      const careers = await screen.findByRole('heading', { level: 2, name: 'Careers' }, { timeout: 8000 });
      expect(careers.closest('section')).toHaveAttribute('id', 'careers');
      expect(screen.getByRole('heading', { level: 2, name: 'Press' }).closest('section')).toHaveAttribute('id', 'press');
      expect(scrolled).toEqual([careers.closest('section')]);
    } finally {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
      vi.restoreAllMocks();
    }
  });
});

describe('a page opened directly', () => {
  it('shows at once, when its code is loaded before the first render (as main.tsx does), never a spinner first', async () => {
    // Rendered as main.tsx renders, a transition, outside act(): what the browser does, not what act() forces.
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', false);
    const container = document.body.appendChild(document.createElement('div'));
    const shown: string[] = [];
    const observer = new MutationObserver(() => shown.push(container.querySelector('[role="status"]') ? 'spinner' : 'page'));
    observer.observe(container, { childList: true, subtree: true });
    const root = createRoot(container);
    try {
      await loadPageCode('/blogs');
      startTransition(() =>
        root.render(
          <QueryClientProvider client={new QueryClient()}>
            <AuthContext value={asCustomer}>
              <MemoryRouter initialEntries={['/blogs']}>
                <AppRoutes />
              </MemoryRouter>
            </AuthContext>
          </QueryClientProvider>,
        ),
      );
      await waitFor(() => expect(within(container).getByRole('heading', { level: 1, name: 'Blogs' })).toBeInTheDocument());
      expect(shown).not.toContain('spinner');
    } finally {
      observer.disconnect();
      root.unmount();
      container.remove();
    }
  });
});
