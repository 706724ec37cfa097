import { screen, within } from '@testing-library/react';
import { aProduct } from '../../../test/fixtures.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { PlaceOrderPage } from './PlaceOrderPage.js';

describe('PlaceOrderPage', () => {
  it("shows the product's facts, as its card does, and opens the order modal", async () => {
    mockFetch((url) => {
      if (url === '/api/products/7') return { status: 200, body: aProduct() };
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

  it('says a product under its minimum order is out of stock, and offers no order', async () => {
    mockFetch((url) => {
      if (url === '/api/products/7') return { status: 200, body: aProduct({ min: 50, stock: 0 }) };
      if (url === `/api/user/${encodeURIComponent(customer.email)}`) return { status: 200, body: customer };
      return undefined;
    });
    renderWithProviders(<PlaceOrderPage />, { auth: fakeAuth({ user: customer }), route: '/place-order/7', path: '/place-order/:id' });
    expect(await screen.findByTestId('out-of-stock')).toHaveTextContent(/^Out of stock\./);
    expect(screen.getByRole('button', { name: 'Place Order Now' })).toBeDisabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
