import { screen, within } from '@testing-library/react';
import type { FitmentQuality } from '../../../../shared/returns-api.js';
import { fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { FitmentQualityPage } from './FitmentQualityPage.js';

const ranked: FitmentQuality = [
  {
    productId: '3',
    sku: 'LT-4410',
    name: 'Headlight',
    returns: 3,
    vehicles: [
      { vehicleId: '1', label: '2015 Toyota Corolla LE 1.8L I4', count: 2, fitsByOurData: true },
      { vehicleId: '4', label: '2015 Honda Civic EX 1.8L I4', count: 1, fitsByOurData: false },
    ],
  },
  { productId: '5', sku: 'EL-2210', name: 'Alternator', returns: 1, vehicles: [{ vehicleId: '3', label: '2015 Toyota Camry LE 2.5L I4', count: 1, fitsByOurData: true }] },
];

function renderList(list: FitmentQuality) {
  mockFetch((url) => (url === '/api/admin/fitment-quality' ? { status: 200, body: list } : undefined));
  return renderWithProviders(<FitmentQualityPage />, { auth: fakeAuth({ isAdmin: true }) });
}

describe('the fitment-quality list', () => {
  it('ranks the parts as the server does, each with the vehicles named, whether our data claimed the fit, and a link to edit the part', async () => {
    renderList(ranked);
    expect(await screen.findByRole('heading', { name: 'Fitment quality' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId(/^fitment-quality-\d+$/);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['HeadlightLT-4410', 'AlternatorEL-2210']);
    const headlight = within(rows[0]!);
    expect(headlight.getAllByRole('cell')[1]).toHaveTextContent('3');
    expect(headlight.getAllByTestId('named-vehicle').map((vehicle) => vehicle.textContent)).toEqual([
      '2015 Toyota Corolla LE 1.8L I4: 2 returnsour data says it fits',
      '2015 Honda Civic EX 1.8L I4: 1 returnour data says it does not fit',
    ]);
    expect(headlight.getByRole('link', { name: 'Edit part Headlight' })).toHaveAttribute('href', '/dashboard/edit-product/3');
  });

  it('says so when no return says a part did not fit', async () => {
    renderList([]);
    expect(await screen.findByText('No return says a part did not fit.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
