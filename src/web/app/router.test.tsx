import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import type { LowStockItem, User } from '../../shared/api.js';
import type { AdminHome } from '../../shared/back-office.js';
import { AuthContext, type AuthState } from '../features/auth/auth-context.js';
import { aProduct, aReview } from '../test/fixtures.js';
import { fakeAccountCart } from '../test/fake-cart.js';
import { customer, fakeAuth, mockFetch } from '../test/render.js';
import { AppRoutes, loadPageCode } from './router.js';

const admin: User = { ...customer, _id: '1', name: 'Ada Admin', email: 'admin@partsmith.example', role: 'admin' };
const asAdmin = fakeAuth({ user: admin, isAdmin: true });
const asCustomer = fakeAuth({ user: customer });

const NOTHING_TO_DO: AdminHome = { ordersToShip: 0, unreadMessages: 0, lowStock: 0, returnsToHandle: 0, reviewsToApprove: 0, companiesToApprove: 0, salesToday: 0 };

/** The whole app's routes at `path` (lazy pages included), with the shop's answers for `who` (its low parts, and the staff home's counts). */
function renderApp(path: string, auth: AuthState, lowStock: LowStockItem[] = [], home: AdminHome = NOTHING_TO_DO) {
  const who = auth.user!;
  const cart = fakeAccountCart();
  const { calls } = mockFetch((url, init) => {
    // The signed-in buyer's cart, which the layout opens on every page.
    const inCart = cart.answer(url, init);
    if (inCart) return inCart;
    if (url === `/api/user/${encodeURIComponent(who.email)}`) return { status: 200, body: who };
    if (url === `/api/admin/${encodeURIComponent(who.email)}`) return { status: 200, body: { admin: who.role === 'admin' } };
    if (url === `/api/orders/${encodeURIComponent(who.email)}?limit=25`) return { status: 200, body: { items: [], nextCursor: null, total: 0 } };
    if (url.startsWith('/api/admin/reviews')) return { status: 200, body: [aReview()] };
    if (url === '/api/admin/low-stock') return { status: 200, body: lowStock };
    if (url === '/api/admin/home') return { status: 200, body: home };
    // My Profile's sessions.
    if (url === '/api/auth/sessions') return { status: 200, body: [] };
    if (url === '/api/contact') return { status: 200, body: [] };
    if (url === '/api/admin/products/7') return { status: 200, body: aProduct() };
    if (url === '/api/products/7/fitment') return { status: 200, body: [] };
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
  it("groups the back office (its home and Inbox, the original admin items and the shop's own) apart from the admin's own account and buying", async () => {
    renderApp('/dashboard/myOrders', asAdmin);
    expect(await menuOf()).toEqual([
      ['Staff home', '/dashboard'],
      ['Inbox', '/dashboard/inbox'],
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
      ['Companies', '/dashboard/companies'],
      ['Price lists', '/dashboard/price-lists'],
      ['Mail preview', '/dashboard/mail'],
      ['My Profile', '/dashboard/profile'],
      ['My Orders', '/dashboard/myOrders'],
      ['Add a Reviews', '/dashboard/add-review'],
      ['Address book', '/dashboard/addresses'],
      ['Trade account', '/dashboard/company'],
    ]);
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(within(menu).getByRole('list', { name: 'Back office' })).getAllByRole('link')).toHaveLength(18);
    expect(within(within(menu).getByRole('list', { name: 'My account' })).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'My Profile',
      'My Orders',
      'Add a Reviews',
      'Address book',
      'Trade account',
    ]);
    // An admin's own orders: the route lets them in.
    expect(await screen.findByRole('heading', { name: 'Your Orders: 0' }, { timeout: 8000 })).toBeInTheDocument();
  });

  it('lands an admin on the staff home: each count links to its list (trade applications to the pending companies), and today’s sales in dollars', async () => {
    renderApp('/dashboard', asAdmin, [], { ordersToShip: 4, unreadMessages: 2, lowStock: 3, returnsToHandle: 1, reviewsToApprove: 5, companiesToApprove: 0, salesToday: 1234.5 });
    expect(await screen.findByRole('heading', { name: 'Staff home' }, { timeout: 8000 })).toBeInTheDocument();
    const content = within(screen.getByRole('region', { name: 'Dashboard content' }));
    const tiles = await content.findAllByRole('listitem');
    expect(tiles.map((tile) => [tile.textContent, within(tile).queryByRole('link')?.getAttribute('href') ?? null])).toEqual([
      ['4 Orders to ship', '/dashboard/manage-orders?status=to+ship'],
      ['2 Unread messages', '/dashboard/inbox'],
      ['3 Low-stock parts', '/dashboard/low-stock'],
      ['1 Returns to handle', '/dashboard/manage-returns'],
      ['5 Reviews awaiting approval', '/dashboard/manage-reviews?status=pending'],
      ['0 Trade applications', '/dashboard/companies?status=pending'],
      ['$1,234.50 Today\'s sales', '/dashboard/overview'],
    ]);
    expect(content.getByRole('link', { name: '4 Orders to ship' })).toBeInTheDocument();
    expect(content.getByRole('link', { name: "$1,234.50 Today's sales" })).toBeInTheDocument();
  });

  it('keeps My Profile one click away for an admin', async () => {
    renderApp('/dashboard', asAdmin);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Staff home' }, { timeout: 8000 });
    await user.click(within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', { name: 'My Profile' }));
    expect(await screen.findByRole('heading', { name: 'My Profile' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(admin.email);
  });

  it('counts the unread messages on the Inbox link, in a pill and in its name', async () => {
    renderApp('/dashboard/myOrders', asAdmin, [], { ...NOTHING_TO_DO, unreadMessages: 2 });
    const link = await screen.findByRole('link', { name: 'Inbox (2 unread)' }, { timeout: 8000 });
    expect(link).toHaveAttribute('href', '/dashboard/inbox');
    expect(within(link).getByText('2')).toHaveAttribute('aria-hidden', 'true');
  });

  it("folds the staff's menu away on a phone: its button opens it, and choosing an entry closes it", async () => {
    renderApp('/dashboard/myOrders', asAdmin);
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Dashboard menu' }, { timeout: 8000 });
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    // Closed (below lg, where the button shows; lg:block shows the menu on a desktop whatever the button says).
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(list).toHaveClass('hidden', 'lg:block');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(list).not.toHaveClass('hidden');
    await user.click(within(list).getByRole('link', { name: 'Make Admin' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(list).toHaveClass('hidden');
    await user.click(toggle);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('counts the low parts on the Low Stock link, in a pill and in its name', async () => {
    const low = (productId: string): LowStockItem => ({ productId, sku: `BR-${productId}`, name: `Part ${productId}`, stock: 1, threshold: 10, min: 1 });
    renderApp('/dashboard/myOrders', asAdmin, [low('1'), low('2'), low('3')]);
    const link = await screen.findByRole('link', { name: 'Low Stock (3 parts)' }, { timeout: 8000 });
    expect(link).toHaveAttribute('href', '/dashboard/low-stock');
    expect(within(link).getByText('3')).toHaveAttribute('aria-hidden', 'true');
  });

  it("keeps the original customer menu (docs/legacy-contract.md#menus) as it was, the address book, My returns and Trade account after it", async () => {
    const { calls } = renderApp('/dashboard/myOrders', asCustomer);
    expect(await menuOf()).toEqual([
      ['My Orders', '/dashboard/myOrders'],
      ['Add a Reviews', '/dashboard/add-review'],
      ['My Profile', '/dashboard'],
      ['Address book', '/dashboard/addresses'],
      ['My returns', '/dashboard/returns'],
      ['Trade account', '/dashboard/company'],
    ]);
    // The low-stock count and the staff home's are an admin's only; a customer's short menu does not fold away.
    expect(calls.map((call) => call.url)).not.toContain('/api/admin/low-stock');
    expect(calls.map((call) => call.url)).not.toContain('/api/admin/home');
    expect(screen.queryByRole('button', { name: 'Dashboard menu' })).not.toBeInTheDocument();
  });

  it('lands a customer on My Profile', async () => {
    const { calls } = renderApp('/dashboard', asCustomer);
    expect(await screen.findByRole('heading', { name: 'My Profile' }, { timeout: 8000 })).toBeInTheDocument();
    expect(calls.map((call) => call.url)).not.toContain('/api/admin/home');
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
