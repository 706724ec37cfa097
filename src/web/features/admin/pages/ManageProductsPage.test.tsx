import { fireEvent, screen, within } from '@testing-library/react';
import { errorMessages } from '../../../../shared/messages.js';
import { apiError, serverMessage } from '../../../test/fake-answers.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { aProduct } from '../../../test/fixtures.js';
import type { OpenOrders } from '../../../../shared/api.js';
import { ManageProductsPage } from './ManageProductsPage.js';

const admin = { ...customer, _id: '1', name: 'Ada Admin', email: 'admin@partsmith.example', role: 'admin' as const };

/** The shop with one product, Brake Pads (id 7, 100 units), and these open orders of it. */
function shopWith(open: OpenOrders) {
  let removed = false;
  return mockFetch((url, init) => {
    if (url.startsWith('/api/products?')) return { status: 200, body: { items: removed ? [] : [aProduct()], nextCursor: null } };
    if (url === '/api/products/7/open-orders') return { status: 200, body: open };
    if (url === '/api/products/7' && init.method === 'DELETE') {
      removed = true;
      return { status: 200, body: aProduct() };
    }
    return undefined;
  });
}

const SPEC_QUESTION = 'Are you sure you want to remove Brake Pads? It has 100 units in stock';

describe('ManageProductsPage', () => {
  it('asks for the open orders before confirming, and says how many unpaid orders removing cancels', async () => {
    const { calls } = shopWith({ unpaid: 2, toShip: 1 });
    const { user } = renderWithProviders(<ManageProductsPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
    await user.click(await screen.findByRole('button', { name: 'Remove Brake Pads' }));

    const dialog = within(await screen.findByRole('alertdialog'));
    expect(calls.map((call) => call.url)).toContain('/api/products/7/open-orders');
    // The SPEC's question word for word, then what happens to the orders.
    const paragraphs = dialog.getAllByText(/./, { selector: 'p' }).map((p) => p.textContent);
    expect(paragraphs).toEqual([
      SPEC_QUESTION,
      'It has 2 unpaid orders: removing the product cancels them, and their customers are told by e-mail.',
      'Its 1 paid order still to ship stays, and can still be delivered.',
    ]);
    await user.click(dialog.getByRole('button', { name: 'Keep product' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Brake Pads' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove product' }));
    expect(await screen.findByText('The Product Brake Pads with 100 units of stock is removed successfully!!!')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/products/7']);
  });

  it('says one unpaid order in the singular', async () => {
    shopWith({ unpaid: 1, toShip: 0 });
    const { user } = renderWithProviders(<ManageProductsPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
    await user.click(await screen.findByRole('button', { name: 'Remove Brake Pads' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText('It has 1 unpaid order: removing the product cancels it, and its customer is told by e-mail.')).toBeInTheDocument();
    expect(dialog.queryByText(/paid order still to ship/)).not.toBeInTheDocument();
  });

  it("asks only the SPEC's question for a product without open orders", async () => {
    shopWith({ unpaid: 0, toShip: 0 });
    const { user } = renderWithProviders(<ManageProductsPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
    await user.click(await screen.findByRole('button', { name: 'Remove Brake Pads' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getAllByText(/./, { selector: 'p' }).map((p) => p.textContent)).toEqual([SPEC_QUESTION]);
  });

  it("shows the shop's own picture for a product image that fails to load", async () => {
    shopWith({ unpaid: 0, toShip: 0 });
    renderWithProviders(<ManageProductsPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
    const row = within((await screen.findByRole('cell', { name: 'Brake Pads' })).closest('tr')!);
    const image = row.getByRole('presentation');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/images/product-fallback.svg');
  });

  it('says why, and asks nothing, when the open orders cannot be read', async () => {
    const { calls } = mockFetch((url) => {
      if (url.startsWith('/api/products?')) return { status: 200, body: { items: [aProduct()], nextCursor: null } };
      if (url === '/api/products/7/open-orders') return apiError(404, 'not_found', serverMessage(errorMessages.notFound, 'Product'));
      return undefined;
    });
    const { user } = renderWithProviders(<ManageProductsPage />, { auth: fakeAuth({ user: admin, isAdmin: true }) });
    await user.click(await screen.findByRole('button', { name: 'Remove Brake Pads' }));
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });
});
