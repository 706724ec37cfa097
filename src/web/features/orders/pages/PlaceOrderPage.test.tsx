import { screen, within } from '@testing-library/react';
import { aProduct, unpaidOrder } from '../../../test/fixtures.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { checkoutAnswer } from '../../../test/fake-checkout.js';
import { PlaceOrderPage } from './PlaceOrderPage.js';

describe('PlaceOrderPage', () => {
  it("shows the product's facts, as its card does, and opens the order modal", async () => {
    mockFetch((url, init) => {
      if (url === '/api/products/7') return { status: 200, body: aProduct() };
      const checkout = checkoutAnswer(url, init ?? {});
      if (checkout) return checkout;
      if (url === `/api/user/${encodeURIComponent(customer.email)}`) return { status: 200, body: customer };
      return undefined;
    });
    const { user } = renderWithProviders(<PlaceOrderPage />, {
      auth: fakeAuth({ user: customer }),
      route: '/place-order/7',
      path: '/place-order/:id',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Brake Pads' })).toBeInTheDocument();
    expect(screen.getByText('Ceramic brake pads')).toBeInTheDocument();
    expect(screen.getByText('Available Items: 100 units')).toBeInTheDocument();
    expect(screen.getByText('Minimum Order Quantity: 10 units')).toBeInTheDocument();
    expect(screen.getByText('Price: $12.50 (per unit)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All Products' })).toHaveAttribute('href', '/allProducts');

    // The part's own details, as its public page shows them, above the original button.
    expect(screen.getByText('Part number:').nextElementSibling).toHaveTextContent('BR-2040');
    expect(screen.getByRole('link', { name: 'Brakes' })).toHaveAttribute('href', '/allProducts?category=brakes');
    const specs = screen.getByRole('table', { name: 'Specifications' });
    expect(within(specs).getByRole('rowheader', { name: 'Material' })).toBeInTheDocument();
    expect(within(specs).getByRole('cell', { name: 'Ceramic' })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Place Order Now' });
    expect(specs.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Place Order Now' }));
    expect(screen.getByRole('heading', { name: 'Place order for Brake Pads' })).toBeInTheDocument();
    expect(await screen.findByPlaceholderText('enter product quantity (min 10 units)')).toBeInTheDocument();
  });

  it("opens the order form at once with the quantity typed on the part's page, and places the order for it", async () => {
    const { calls } = mockFetch((url, init) => {
      if (url === '/api/products/7') return { status: 200, body: aProduct() };
      const checkout = checkoutAnswer(url, init ?? {});
      if (checkout) return checkout;
      if (url === `/api/user/${encodeURIComponent(customer.email)}`) return { status: 200, body: { ...customer, phone: '555 0100', address: '1 Main Street' } };
      if (url === '/api/orders' && init.method === 'POST') return { status: 201, body: unpaidOrder({ quantity: 40 }) };
      return undefined;
    });
    const { user } = renderWithProviders(<PlaceOrderPage />, {
      auth: fakeAuth({ user: customer }),
      route: '/place-order/7?quantity=40',
      path: '/place-order/:id',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Place order for Brake Pads' });
    const quantity = await within(dialog).findByPlaceholderText('enter product quantity (min 10 units)');
    expect(quantity).toHaveValue(40);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByText('Your order is placed successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/orders')?.body).toMatchObject({ productId: '7', quantity: 40 });
  });

  it('says a product under its minimum order is out of stock, and offers no order', async () => {
    mockFetch((url, init) => {
      if (url === '/api/products/7') return { status: 200, body: aProduct({ min: 50, stock: 0 }) };
      const checkout = checkoutAnswer(url, init ?? {});
      if (checkout) return checkout;
      if (url === `/api/user/${encodeURIComponent(customer.email)}`) return { status: 200, body: customer };
      return undefined;
    });
    renderWithProviders(<PlaceOrderPage />, { auth: fakeAuth({ user: customer }), route: '/place-order/7', path: '/place-order/:id' });
    expect(await screen.findByTestId('out-of-stock')).toHaveTextContent(/^Out of stock\./);
    expect(screen.getByRole('button', { name: 'Place Order Now' })).toBeDisabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
