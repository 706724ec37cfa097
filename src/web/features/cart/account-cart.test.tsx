/** The cart of a signed-in buyer is the account's: the visitor's parts move into it at sign-in, and it stays with the account at sign-out. */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { AuthContext } from '../auth/auth-context.js';
import { addToCart, readCart } from '../../lib/cart-store.js';
import { fakeAccountCart } from '../../test/fake-cart.js';
import { errorMessages } from '../../../shared/messages.js';
import { apiError, serverMessage } from '../../test/fake-answers.js';
import { deferred } from '../../test/fixtures.js';
import { customer, fakeAuth, mockFetch } from '../../test/render.js';
import { CartChoiceDialog } from './components/CartChoiceDialog.js';
import { useAccountCart } from './useAccountCart.js';

function Layout() {
  useAccountCart();
  return <CartChoiceDialog />;
}

function renderAs(user: typeof customer | null) {
  const view = (who: typeof customer | null) => (
    <AuthContext value={fakeAuth({ user: who })}>
      <Layout />
      <ToastContainer />
    </AuthContext>
  );
  const result = render(view(user));
  return { ...result, signAs: (who: typeof customer | null) => result.rerender(view(who)) };
}

const visitorCart = (lines: { productId: string; quantity: number }[]) => localStorage.setItem('partsmith:cart', JSON.stringify(lines));

describe('the account’s cart', () => {
  it('is the one the shop keeps for the account, on any device the buyer signs in on', async () => {
    const server = fakeAccountCart([{ productId: '3', quantity: 40 }]);
    mockFetch(server.answer);
    renderAs(customer);
    await waitFor(() => expect(readCart()).toEqual([{ productId: '3', quantity: 40 }]));
    // Nothing of the visitor's to move in: nothing is saved.
    expect(server.saved).toEqual([]);
  });

  it("takes in the visitor's new parts at sign-in, after the account's, and empties the browser's own cart", async () => {
    visitorCart([{ productId: '7', quantity: 10 }]);
    const server = fakeAccountCart([{ productId: '3', quantity: 40 }]);
    mockFetch(server.answer);
    renderAs(customer);
    await waitFor(() =>
      expect(server.saved).toEqual([
        [
          { productId: '3', quantity: 40 },
          { productId: '7', quantity: 10 },
        ],
      ]),
    );
    expect(await screen.findByText('The part you chose before signing in is now in your cart.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('partsmith:cart')!)).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks about a part both carts have, keeping the account’s quantity until the buyer chooses Replace or Add', async () => {
    visitorCart([{ productId: '3', quantity: 500 }]);
    const server = fakeAccountCart([{ productId: '3', quantity: 500 + 250 }], { 3: 'Brake Pad Set' });
    mockFetch(server.answer);
    const user = userEvent.setup();
    renderAs(customer);
    const asked = await screen.findByRole('dialog', { name: 'Also in your cart from before you signed in' });
    expect(within(asked).getByText('Brake Pad Set: 750 in your cart, 500 chosen before you signed in')).toBeInTheDocument();
    expect(readCart()).toEqual([{ productId: '3', quantity: 750 }]);
    await user.click(within(asked).getByRole('button', { name: 'Replace: 500' }));
    expect(await screen.findByText('Brake Pad Set: now 500 (was 750)')).toBeInTheDocument();
    await waitFor(() => expect(server.saved).toEqual([[{ productId: '3', quantity: 500 }]]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('saves each change to the account, and adding a part already there with Add sums it once chosen', async () => {
    const server = fakeAccountCart([{ productId: '3', quantity: 500 }], { 3: 'Brake Pad Set' });
    mockFetch(server.answer);
    const user = userEvent.setup();
    renderAs(customer);
    await waitFor(() => expect(readCart()).toHaveLength(1));
    await act(() => addToCart([{ productId: '3', quantity: 500, name: 'Brake Pad Set' }]));
    const asked = screen.getByRole('dialog', { name: 'Already in your cart' });
    expect(within(asked).getByText('Brake Pad Set: 500 in your cart, 500 being added')).toBeInTheDocument();
    expect(server.saved).toEqual([]);
    await user.click(within(asked).getByRole('button', { name: 'Add: 1,000' }));
    expect(await screen.findByText('Brake Pad Set: now 1,000 (was 500)')).toBeInTheDocument();
    await waitFor(() => expect(server.saved).toEqual([[{ productId: '3', quantity: 1000 }]]));
  });

  it('lets a part added while the account’s cart is still on its way wait for it, and asks about the account’s cart', async () => {
    localStorage.setItem('token', 'tok-customer');
    const server = fakeAccountCart([{ productId: '3', quantity: 500 }], { 3: 'Brake Pad Set' });
    const held = deferred<void>();
    mockFetch(async (url, init) => {
      if (init.method !== 'PUT') await held.promise;
      return server.answer(url, init);
    });
    renderAs(customer);
    const adding = addToCart([{ productId: '3', quantity: 200, name: 'Brake Pad Set' }]);
    expect(readCart()).toEqual([]);
    held.resolve();
    await act(async () => {
      expect(await adding).toEqual([]);
    });
    expect(screen.getByRole('dialog', { name: 'Already in your cart' })).toHaveTextContent('Brake Pad Set: 500 in your cart, 200 being added');
    expect(JSON.parse(localStorage.getItem('partsmith:cart')!)).toEqual([]);
  });

  it('says why the shop refused a change, and shows the cart as the shop kept it', async () => {
    const server = fakeAccountCart([{ productId: '3', quantity: 40 }]);
    const refusal = serverMessage(errorMessages.cartUnknownPart, 9);
    mockFetch((url, init) =>
      init.method === 'PUT' ? apiError(400, 'unknown_product', refusal, { 'lines.1.productId': refusal }) : server.answer(url, init),
    );
    renderAs(customer);
    await waitFor(() => expect(readCart()).toHaveLength(1));
    await act(() => addToCart([{ productId: '9', quantity: 1, name: 'Wiper' }]));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await waitFor(() => expect(readCart()).toEqual([{ productId: '3', quantity: 40 }]));
  });

  it('stays with the account at sign-out: the browser holds an empty visitor’s cart, and nothing is sent', async () => {
    const server = fakeAccountCart([{ productId: '3', quantity: 40 }]);
    const { calls } = mockFetch(server.answer);
    const { signAs } = renderAs(customer);
    await waitFor(() => expect(readCart()).toHaveLength(1));
    signAs(null);
    expect(readCart()).toEqual([]);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    // A visitor's parts stay in this browser.
    await act(() => addToCart([{ productId: '9', quantity: 1, name: 'Wiper' }]));
    expect(JSON.parse(localStorage.getItem('partsmith:cart')!)).toEqual([{ productId: '9', quantity: 1 }]);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
