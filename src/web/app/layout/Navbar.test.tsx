import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { RequireAuth } from '../../features/auth/components/RequireAuth.js';
import { returnPath } from '../../features/auth/redirect.js';
import { addToCart, clearCart } from '../../lib/cart-store.js';
import { fakeAccountCart } from '../../test/fake-cart.js';
import { customer, mockFetch } from '../../test/render.js';
import { createQueryClient, Providers } from '../providers.js';
import { RootLayout } from './RootLayout.js';

/** The login page, as far as these tests go: where signing in would return to. */
function LoginProbe() {
  const location = useLocation();
  return <p>Login page, returning to {returnPath(location.state)}</p>;
}

function Where() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="where">{location.pathname}</p>
      <button type="button" onClick={() => navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

/** The app's providers (auth, toasts) and layout, with a few pages; the shop answers as for the test customer. */
function renderApp(entries: string[], signedIn: boolean) {
  if (signedIn) localStorage.setItem('token', 'tok-customer');
  const cart = fakeAccountCart();
  const fetched = mockFetch((url, init) => {
    if (url === '/api/me') return { status: 200, body: customer };
    const inCart = cart.answer(url, init);
    if (inCart) return inCart;
    if (url === '/api/auth/logout' && init.method === 'POST') return { status: 204 };
    return undefined;
  });
  render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Providers client={createQueryClient()}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route index element={<h1>Home page</h1>} />
            <Route path="allProducts" element={<h1>All Products</h1>} />
            <Route path="login" element={<LoginProbe />} />
            <Route element={<RequireAuth />}>
              <Route path="dashboard/myOrders" element={<h1>My orders page</h1>} />
              <Route path="dashboard/payment/:id" element={<h1>Payment page</h1>} />
            </Route>
          </Route>
        </Routes>
        <Where />
      </Providers>
    </MemoryRouter>,
  );
  return { ...fetched, user: userEvent.setup() };
}

describe('Navbar', () => {
  it("Login returns to the page it was pressed on (docs/legacy-contract.md#sign-in-and-guards: 'the page the user came from')", async () => {
    const { user } = renderApp(['/allProducts'], false);
    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect(await screen.findByText('Login page, returning to /allProducts')).toBeInTheDocument();
  });

  it('logout on a login-required page lands on the home page, remembering nothing for the next sign-in', async () => {
    const { user, calls } = renderApp(['/dashboard/myOrders'], true);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('User is logged out!!!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    expect(calls.some((call) => call.url === '/api/auth/logout')).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect(await screen.findByText('Login page, returning to /')).toBeInTheDocument();
  });

  it("going back after a logout asks to log in, but not to return to the previous user's page", async () => {
    const { user } = renderApp(['/dashboard/payment/7', '/dashboard/myOrders'], true);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    // Logout replaced the page it was on: Back goes to the one before, the previous user's payment page.
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByText('Login page, returning to /')).toBeInTheDocument();
  });

  it("says whether the phone's menu is open, and closes it on Escape, the focus back on its button", async () => {
    const { user } = renderApp(['/allProducts'], false);
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('main-menu')).toHaveClass('flex');
    await user.tab();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('main-menu')).toHaveClass('hidden');
    expect(menu).toHaveFocus();
  });

  it('shows toasts at the bottom, never over the name and Logout at the top', async () => {
    const { user } = renderApp(['/dashboard/myOrders'], true);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    const toast = await screen.findByText('User is logged out!!!');
    expect(toast.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--bottom-right');
  });

  it.each([
    ['a visitor', false],
    ['a signed-in customer', true],
  ])('shows %s the cart with its number of lines, kept up to date', async (_, signedIn) => {
    await addToCart([
      { productId: '7', quantity: 10, name: 'Part 7' },
      { productId: '8', quantity: 24, name: 'Part 8' },
      { productId: '9', quantity: 1, name: 'Part 9' },
    ]);
    const { user } = renderApp(['/allProducts'], signedIn);
    const cart = await screen.findByRole('link', { name: 'Cart (3)' });
    expect(cart).toHaveAttribute('href', '/cart');
    // Beside the menu button, not in the menu a phone folds away.
    expect(cart.closest('#main-menu')).toBeNull();
    // More of a part already there is no new line; another part is.
    await act(() => addToCart([{ productId: '7', quantity: 10, name: 'Part 7' }]));
    expect(cart).toHaveTextContent(/^Cart \(3\)$/);
    await act(() => addToCart([{ productId: '10', quantity: 5, name: 'Part 10' }]));
    expect(cart).toHaveTextContent(/^Cart \(4\)$/);
    act(() => clearCart());
    expect(cart).toHaveTextContent(/^Cart$/);
    await user.click(cart);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/cart$/);
  });
});
