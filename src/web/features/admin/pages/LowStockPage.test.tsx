import { screen, waitFor, within } from '@testing-library/react';
import type { LowStockItem } from '../../../../shared/api.js';
import { aProduct } from '../../../test/fixtures.js';
import { mockFetch, renderWithProviders } from '../../../test/render.js';
import { LowStockPage } from './LowStockPage.js';

const brakePads: LowStockItem = { productId: '7', sku: 'BR-2040', name: 'Brake Pads', stock: 3, threshold: 10, min: 2 };
const wiper: LowStockItem = { productId: '8', sku: 'WP-300', name: 'Wiper Blade', stock: 5, threshold: 5, min: 1 };

/** The low parts; a restock of Brake Pads adds to its stock, and the list is answered again with it. */
function shopWith(items: LowStockItem[]) {
  let list = items;
  return mockFetch((url, init) => {
    if (url === '/api/admin/low-stock') return { status: 200, body: list };
    if (url === '/api/products/7/restock' && init.method === 'POST') {
      const stock = brakePads.stock + (JSON.parse(String(init.body)) as { quantity: number }).quantity;
      list = list.filter((item) => item.productId !== '7');
      return { status: 200, body: aProduct({ stock }) };
    }
    return undefined;
  });
}

const rowOf = async (name: string) => within((await screen.findByRole('cell', { name })).closest('tr')!);

describe('LowStockPage', () => {
  it('lists the low parts with their stock, threshold and minimum, and links each to its edit page', async () => {
    shopWith([brakePads, wiper]);
    renderWithProviders(<LowStockPage />);
    expect(await screen.findByRole('heading', { name: 'Low Stock' })).toBeInTheDocument();
    const row = await rowOf('Brake Pads');
    expect(row.getAllByRole('cell').slice(0, 5).map((cell) => cell.textContent)).toEqual(['BR-2040', 'Brake Pads', '3', '10', '2']);
    expect(row.getByRole('link', { name: 'Edit Brake Pads' })).toHaveAttribute('href', '/dashboard/edit-product/7');
    expect((await rowOf('Wiper Blade')).getAllByRole('cell')[0]).toHaveTextContent('WP-300');
  });

  it('says so when no part is low', async () => {
    shopWith([]);
    renderWithProviders(<LowStockPage />);
    expect(await screen.findByText('No part is low on stock.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('restocks a part in the restock dialog, and the list is asked again', async () => {
    const { calls } = shopWith([brakePads, wiper]);
    const { user } = renderWithProviders(<LowStockPage />);
    await user.click((await rowOf('Brake Pads')).getByRole('button', { name: 'Restock Brake Pads' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Restock Brake Pads' }));
    expect(dialog.getByText('BR-2040 · 3 units in stock now')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Units to add'), '40');
    await user.click(dialog.getByRole('button', { name: 'Add to stock' }));
    expect(await screen.findByText('Brake Pads is restocked: 43 units in stock now.')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.endsWith('/restock')).map((call) => call.body)).toEqual([{ quantity: 40 }]);
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Brake Pads' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Wiper Blade' })).toBeInTheDocument();
  });
});
