import { screen, within } from '@testing-library/react';
import type { PriceList } from '../../../../shared/companies.js';
import { chooseAction } from '../../../test/actions-menu.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { PriceListsPage } from './PriceListsPage.js';

const admin = { ...customer, _id: '1', name: 'Ada Admin', email: 'admin@partsmith.example', role: 'admin' as const };
const auth = fakeAuth({ user: admin, isAdmin: true });

const garages: PriceList = {
  id: 'garages',
  name: 'Garages',
  discountPercent: 12.5,
  prices: [
    { productId: 7, sku: 'BR-1507', name: 'Brake Pad Set', price: 40, minQuantity: 1 },
    { productId: 7, sku: 'BR-1507', name: 'Brake Pad Set', price: 36, minQuantity: 10 },
  ],
  validFrom: '2030-01-01',
  validTo: '2030-12-31',
  companyCount: 3,
  updatedAt: '2030-01-01T00:00:00.000Z',
};
const fleets: PriceList = { ...garages, id: 'fleets', name: 'Fleets', discountPercent: 0, prices: [], validFrom: null, validTo: null, companyCount: 0 };

function serve() {
  let lists = [garages, fleets];
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/admin/price-lists' && method === 'GET') return { status: 200, body: lists };
    const id = /^\/api\/admin\/price-lists\/([a-z0-9-]+)$/.exec(url)?.[1];
    if (id && method === 'DELETE') {
      lists = lists.filter((list) => list.id !== id);
      return { status: 204 };
    }
    return undefined;
  });
}

describe('PriceListsPage', () => {
  it('lists each price list with its discount, validity, fixed prices and companies; deletes one after asking', async () => {
    const { calls } = serve();
    const { user } = renderWithProviders(<PriceListsPage />, { auth });
    expect(screen.getByRole('link', { name: 'New price list' })).toHaveAttribute('href', '/dashboard/price-lists/new');
    const row = await screen.findByTestId('price-list-garages');
    expect([...row.querySelectorAll('td')].slice(0, 6).map((cell) => cell.textContent)).toEqual(['garages', 'Garages', '12.5%', '2030-01-01 – 2030-12-31', '2', '3']);
    expect(within(screen.getByTestId('price-list-fleets')).getByText('Always')).toBeInTheDocument();

    await chooseAction(user, 'Fleets', 'Delete');
    const ask = within(screen.getByRole('alertdialog'));
    expect(ask.getByText('Delete the price list Fleets?')).toBeInTheDocument();
    await user.click(ask.getByRole('button', { name: 'Delete price list' }));
    expect(await screen.findByText('Price list Fleets deleted')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByTestId('price-list-fleets')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/admin/price-lists/fleets']);
  });
});
