import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Product } from '../../../../shared/api.js';
import { errorMessages, messages } from '../../../../shared/messages.js';
import { apiError, serverMessage } from '../../../test/fake-answers.js';
import { aProduct, unpaidOrder } from '../../../test/fixtures.js';
import { customer, fakeAuth, type FakeHandler, mockFetch, renderWithProviders } from '../../../test/render.js';
import { checkoutAnswer, savedAddress } from '../../../test/fake-checkout.js';
import { AuthContext } from '../../auth/auth-context.js';
import { returnPath } from '../../auth/redirect.js';
import { readCart, replaceCart } from '../../../lib/cart-store.js';
import { CartPage } from './CartPage.js';

// Brake Pads: 10 to 100 at $12.50. Hubcaps in boxes of 10, from 50: $2, from 500 $1.80, from 1000 $1.50.
const pads = aProduct();
const hubcaps = aProduct({
  _id: '8',
  name: 'Hubcap',
  sku: 'WH-3001',
  img: '/images/products/hubcap.svg',
  min: 50,
  stock: 2000,
  price: 2,
  packSize: 10,
  priceBreaks: [
    { minQuantity: 500, price: 1.8 },
    { minQuantity: 1000, price: 1.5 },
  ],
});

/**
 * The shop: these parts for sale (any other id is not), the customer's profile, and `answer` for the rest;
 * the quote prices every part at `quoted.unitPrice` (default $12.50) with a core deposit of `quoted.coreCharge` (none).
 */
function serveShop(products: Product[], answer?: FakeHandler, quoted: { unitPrice?: number; coreCharge?: number } = {}) {
  return mockFetch((url, init) => {
    const product = products.find((item) => url === `/api/products/${item._id}`);
    if (product) return { status: 200, body: product };
    if (/^\/api\/products\/\d+$/.test(url)) return apiError(404, 'not_found', serverMessage(errorMessages.notFound, 'Product'));
    const checkout = checkoutAnswer(url, init ?? {}, quoted);
    if (checkout) return checkout;
    if (url === '/api/user/customer%40partsmith.example')
      return { status: 200, body: { ...customer, phone: '+1 555 0100', address: '1 Main Street, Springfield' } };
    return answer?.(url, init);
  });
}

const renderCart = (auth = fakeAuth({ user: customer })) => renderWithProviders(<CartPage />, { route: '/cart', path: '/cart', auth });

/** A line of the cart, by its part's name. */
async function lineOf(name: string) {
  const heading = await screen.findByRole('heading', { level: 2, name });
  return within(heading.closest('li')!);
}

const quantityOf = async (name: string) => (await lineOf(name)).getByRole('spinbutton', { name: `Quantity: ${name}` });
const total = () => screen.getByTestId('cart-total');
const placeOrder = () => screen.findByRole('button', { name: 'Place order' });

describe('CartPage', () => {
  it('shows each line with its picture, name, part number, quantity, unit price and line total, and the total', async () => {
    replaceCart([
      { productId: '7', quantity: 20 },
      { productId: '8', quantity: 100 },
    ]);
    serveShop([pads, hubcaps]);
    renderCart();
    const line = await lineOf('Brake Pads');
    expect(line.getByRole('img', { name: 'Brake Pads' })).toHaveAttribute('src', '/images/products/brake-pads.svg');
    expect(line.getByRole('link', { name: 'Brake Pads' })).toHaveAttribute('href', '/parts/BR-2040');
    expect(line.getByText('BR-2040')).toBeInTheDocument();
    expect(line.getByRole('spinbutton', { name: 'Quantity: Brake Pads' })).toHaveValue(20);
    expect(line.getByTestId('unit-price')).toHaveTextContent('$12.50 each');
    expect(line.getByTestId('line-total')).toHaveTextContent('Line total: $250.00');
    const hubcapLine = await lineOf('Hubcap');
    expect(hubcapLine.getByTestId('line-total')).toHaveTextContent('Line total: $200.00');
    expect(hubcapLine.getByTestId('next-tier')).toHaveTextContent('Order 500 for $1.80 each');
    expect(total()).toHaveTextContent('Total: $450.00');
  });

  it("shows a line's refundable core deposits under it, in the cart's total and as their own line of the quote", async () => {
    const alternator = aProduct({ _id: '9', name: 'Alternator', sku: 'EL-1201', min: 1, stock: 50, price: 200, coreCharge: 25 });
    replaceCart([{ productId: '9', quantity: 2 }]);
    serveShop([alternator], undefined, { unitPrice: 200, coreCharge: 25 });
    renderCart();
    const line = await lineOf('Alternator');
    expect(line.getByTestId('line-core-deposit')).toHaveTextContent('Core deposit, refundable: $25.00 × 2');
    // 2 × $200.00 + 2 × $25.00.
    expect(total()).toHaveTextContent('Total: $450.00');
    // The quote: $400.00 + $50.00 deposits + Ground $11.00, 6 % of $461.00 = $27.66: $488.66.
    expect(await screen.findByTestId('quote-core-deposit')).toHaveTextContent('Core deposit, refundable: $25.00 × 2$50.00');
    expect(screen.getByTestId('quote-total')).toHaveTextContent('$488.66');
  });

  it('applies a price break when the quantity crosses it: the unit price, the struck list price and both totals change', async () => {
    replaceCart([
      { productId: '7', quantity: 20 },
      { productId: '8', quantity: 490 },
    ]);
    serveShop([pads, hubcaps]);
    const { user } = renderCart();
    const line = await lineOf('Hubcap');
    expect(line.getByTestId('unit-price')).toHaveTextContent('$2.00 each');
    expect(line.queryByTestId('list-price')).not.toBeInTheDocument();
    expect(line.getByTestId('line-total')).toHaveTextContent('Line total: $980.00');
    expect(total()).toHaveTextContent('Total: $1,230.00');

    const input = await quantityOf('Hubcap');
    await user.clear(input);
    await user.type(input, '500');
    expect(line.getByTestId('unit-price')).toHaveTextContent('$1.80 each');
    expect(line.getByTestId('list-price')).toHaveTextContent('$2.00');
    expect(line.getByTestId('next-tier')).toHaveTextContent('Order 1,000 for $1.50 each');
    expect(line.getByTestId('line-total')).toHaveTextContent('Line total: $900.00');
    expect(total()).toHaveTextContent('Total: $1,150.00');
    expect(readCart()).toEqual([
      { productId: '7', quantity: 20 },
      { productId: '8', quantity: 500 },
    ]);
  });

  it("prices a trade account member's lines at their own prices, the public ones struck through, and the quote's goods too (issue 63)", async () => {
    // Public: $12.50, from 50 $11.00; the member's: $10.00 from the minimum, $9.25 from 50.
    const memberPads = aProduct({ priceBreaks: [{ minQuantity: 50, price: 11 }], yourPrice: 10, yourPriceBreaks: [{ minQuantity: 50, price: 9.25 }] });
    replaceCart([{ productId: '7', quantity: 20 }]);
    serveShop([memberPads], undefined, { unitPrice: 10 });
    const { user } = renderCart();
    const line = await lineOf('Brake Pads');
    expect(line.getByTestId('your-price-label')).toHaveTextContent('Your price:');
    expect(line.getByTestId('list-price').tagName).toBe('S');
    expect(line.getByTestId('list-price')).toHaveTextContent('$12.50');
    expect(line.getByTestId('unit-price')).toHaveTextContent('$10.00 each');
    expect(line.getByTestId('next-tier')).toHaveTextContent('Order 50 for $9.25 each');
    // 20 × $10.00.
    expect(line.getByTestId('line-total')).toHaveTextContent('Line total: $200.00');
    expect(total()).toHaveTextContent('Total: $200.00');
    // The quote is the server's, at the member's prices ($200.00); the same goods at the public prices: 20 × $12.50 = $250.00.
    expect(await screen.findByTestId('quote-subtotal')).toHaveTextContent('Your price: $250.00 $200.00');

    // From 50 the public tier ($11.00) is struck through beside the member's ($9.25): 50 × $9.25 = $462.50.
    const input = await quantityOf('Brake Pads');
    await user.clear(input);
    await user.type(input, '50');
    expect(line.getByTestId('list-price')).toHaveTextContent('$11.00');
    expect(line.getByTestId('unit-price')).toHaveTextContent('$9.25 each');
    expect(line.getByTestId('line-total')).toHaveTextContent('Line total: $462.50');
  });

  it("says the pack rule under the line's quantity, as the server would, and places no order until it is fixed", async () => {
    replaceCart([{ productId: '8', quantity: 500 }]);
    const { calls } = serveShop([hubcaps]);
    const { user } = renderCart();
    const input = await quantityOf('Hubcap');
    await user.clear(input);
    await user.type(input, '505');
    const line = await lineOf('Hubcap');
    expect(line.getByText('Quantity must be a multiple of 10')).toHaveClass('field-error');
    expect(input).toHaveAccessibleDescription('Quantity must be a multiple of 10');
    expect(line.queryByTestId('line-total')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cart-total')).not.toBeInTheDocument();

    await user.click(await placeOrder());
    expect(await screen.findByText(messages.ui.cart.fixLines)).toHaveFocus();
    expect(calls.some((call) => call.url === '/api/orders')).toBe(false);
  });

  it('removes a line, and the total with it', async () => {
    replaceCart([
      { productId: '7', quantity: 20 },
      { productId: '8', quantity: 100 },
    ]);
    serveShop([pads, hubcaps]);
    const { user } = renderCart();
    await user.click((await lineOf('Hubcap')).getByRole('button', { name: 'Remove Hubcap' }));
    expect(screen.queryByRole('heading', { name: 'Hubcap' })).not.toBeInTheDocument();
    expect(readCart()).toEqual([{ productId: '7', quantity: 20 }]);
    expect(total()).toHaveTextContent('Total: $250.00');
  });

  it('places the order of every line with the phone, the saved address, the method chosen and the PO number, empties the cart, and goes to its payment', async () => {
    replaceCart([
      { productId: '7', quantity: 20 },
      { productId: '8', quantity: 500 },
    ]);
    const placed = unpaidOrder({ _id: '42', quantity: 520, total: 1150 });
    const { calls } = serveShop([pads, hubcaps], (url, init) =>
      url === '/api/orders' && init.method === 'POST' ? { status: 201, body: placed } : undefined,
    );
    const { user } = renderCart();
    // Prefilled from the customer's profile.
    expect(await screen.findByLabelText('Phone Number')).toHaveValue('+1 555 0100');
    expect(screen.getByRole('radio', { name: /Dock 4, 1 Main St, Burlington, VT 05401, US/ })).toBeChecked();
    // 520 parts at the fake quote's $12.50: $6,500.00; Ground $11.00 and 6 % of $6,511.00 = $390.66.
    expect(await screen.findByTestId('quote-total')).toHaveTextContent('$6,901.66');
    await user.click(screen.getByRole('radio', { name: /^Express: \$32\.00/ }));
    // Express $32.00 and 6 % of $6,532.00 = $391.92.
    await waitFor(() => expect(screen.getByTestId('quote-total')).toHaveTextContent('$6,923.92'));
    await user.type(screen.getByLabelText('PO number (optional)'), ' PO-4471 ');
    await user.click(await placeOrder());

    expect(await screen.findByText('Page at /dashboard/payment/42')).toBeInTheDocument();
    const post = calls.find((call) => call.url === '/api/orders')!;
    expect(post.body).toEqual({
      lines: [
        { productId: '7', quantity: 20 },
        { productId: '8', quantity: 500 },
      ],
      phone: '+1 555 0100',
      addressId: savedAddress.id,
      shippingMethodId: 'express',
      poNumber: 'PO-4471',
    });
    expect(post.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(readCart()).toEqual([]);
    expect(await screen.findByText('Your order is placed successfully')).toBeInTheDocument();
  });

  it("shows a refusal naming a line at the top and its reason on that line, and keeps the cart", async () => {
    replaceCart([
      { productId: '7', quantity: 20 },
      { productId: '8', quantity: 500 },
    ]);
    // Only 400 hubcaps are left by the time the order arrives: the second line.
    const reason = serverMessage(messages.validation.quantityTooHigh, 400);
    const message = serverMessage(errorMessages.orderLineProblem, 'WH-3001 Hubcap', 2, reason);
    serveShop([pads, hubcaps], (url) => (url === '/api/orders' ? apiError(409, 'out_of_stock', message, { 'lines.1.quantity': reason }) : undefined));
    const { user } = renderCart();
    await screen.findByLabelText('Phone Number');
    await user.click(await placeOrder());

    // The original message ends with a space (docs/legacy-contract.md#quantity); the page shows it as the server words it.
    const top = await screen.findByText(message.trim());
    expect(top.textContent).toBe(message);
    expect(top).toHaveFocus();
    expect((await lineOf('Hubcap')).getByText('Quantity Must be lower than 400')).toHaveClass('field-error');
    expect((await lineOf('Brake Pads')).queryByRole('alert')).not.toBeInTheDocument();
    expect(readCart()).toHaveLength(2);
    expect(screen.queryByText(/^Page at/)).not.toBeInTheDocument();

    // Changing that line's quantity is another order: its message goes.
    const input = await quantityOf('Hubcap');
    await user.clear(input);
    await user.type(input, '400');
    expect(screen.queryByText('Quantity Must be lower than 400')).not.toBeInTheDocument();
    expect(screen.queryByText(message.trim())).not.toBeInTheDocument();
  });

  it('says a part that is no longer sold is so, offers to remove it, and places no order with it', async () => {
    replaceCart([
      { productId: '7', quantity: 20 },
      { productId: '99', quantity: 5 },
    ]);
    const { calls } = serveShop([pads]);
    const { user } = renderCart();
    const gone = await screen.findByText('This part is no longer sold');
    await user.click(await placeOrder());
    expect(await screen.findByText(messages.ui.cart.fixLines)).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/orders')).toBe(false);

    await user.click(within(gone.closest('li')!).getByRole('button', { name: 'Remove' }));
    expect(readCart()).toEqual([{ productId: '7', quantity: 20 }]);
    expect(total()).toHaveTextContent('Total: $250.00');
  });

  it('offers the catalog and the quick order when the cart is empty', () => {
    mockFetch(() => undefined);
    renderCart();
    expect(screen.getByRole('heading', { level: 1, name: 'Your cart' })).toBeInTheDocument();
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalog' })).toHaveAttribute('href', '/allProducts');
    expect(screen.getByRole('link', { name: 'Quick order by part numbers' })).toHaveAttribute('href', '/quick-order');
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
  });
});

describe('CartPage, signed out', () => {
  function LoginProbe() {
    const location = useLocation();
    return <p>Login page, returning to {returnPath(location.state)}</p>;
  }

  it('shows the cart and its total, and asks to sign in to place the order, coming back to the cart', async () => {
    replaceCart([{ productId: '7', quantity: 20 }]);
    const { calls } = serveShop([pads]);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthContext value={fakeAuth()}>
          <MemoryRouter initialEntries={['/cart']}>
            <Routes>
              <Route path="/cart" element={<CartPage />} />
              <Route path="/login" element={<LoginProbe />} />
            </Routes>
          </MemoryRouter>
        </AuthContext>
      </QueryClientProvider>,
    );
    await lineOf('Brake Pads');
    expect(total()).toHaveTextContent('Total: $250.00');
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Phone Number')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Sign in to place the order' }));
    expect(await screen.findByText('Login page, returning to /cart')).toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/user'))).toBe(false);
  });
});
